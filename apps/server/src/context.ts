import type { BaseContext } from './base-context.ts';
import type { BillingService } from './billing/billing-service.ts';
import type { MediaStorage } from './media/media-storage.ts';
import type { MarketplaceConfig, Marketplaces } from './marketplace/registry.ts';
import type { TrackingEventRecorder } from './insights/record-event.ts';
import type { CardRenderer } from './thank-by-hand/card-renderer.ts';
import type { ResolvedConfig as SharedConfig } from './infrastructure/config/app-secret.ts';

/** The configuration a process runs with, each marketplace's settings included (`config.etsy`). */
export type ResolvedConfig = SharedConfig & MarketplaceConfig;

/**
 * What every capability needs from the outside world, built once per process: the infrastructure
 * (base-context.ts) and the capabilities' services.
 */
export interface AppContext extends BaseContext {
  config: ResolvedConfig;
  marketplaces: Marketplaces;
  /** Card payments (Stripe or the demo checkout), or null when neither is set up. */
  billing: BillingService | null;
  /** Where uploaded images' bytes live (disk or S3). */
  mediaStorage: MediaStorage;
  /** Draws printed cards off the event loop, and keeps them per order and template version. */
  cardRenderer: CardRenderer;
  /** Opens and clicks of sent emails, written once a second; flush() writes what waits. */
  trackingEvents: TrackingEventRecorder;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
