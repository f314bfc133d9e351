import type { Marketplace } from '@thankly/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ResolvedConfig } from '../infrastructure/config/app-secret.ts';
import type { ConfigSection } from '../infrastructure/config/config-section.ts';
import type { MarketplaceContext } from './marketplace-context.ts';
import type { Database } from '../infrastructure/db/database.ts';
import type { JobWorker } from '../infrastructure/jobs/job-queue.ts';
import type { MarketplaceAdapter } from './marketplace-adapter.ts';

/** What a marketplace's adapter is built from. */
export interface AdapterDeps {
  config: ResolvedConfig;
  db: Database;
  now: () => Date;
}

/** The shop an order came from, as far as linking to the order's page needs it. */
export interface OrderShop {
  marketplace: Marketplace;
  /** Shopify: the shop's myshopify.com domain. */
  externalId: string;
  /** WooCommerce: the store's address. */
  url: string | null;
}

/**
 * Everything Thankly knows about one marketplace, in one place: how to reach it, the routes it
 * calls back on, and what sellers read about its orders. The registry (registry.ts) lists one
 * per marketplace; adding a marketplace is its folder with such a module plus a line there.
 */
export interface MarketplaceModule<
  Adapter extends MarketplaceAdapter = MarketplaceAdapter,
  Settings = unknown,
> {
  readonly id: Marketplace;
  /**
   * This marketplace's part of the operator's configuration, if it reads any: its environment
   * variables and its settings from them, found at `config.<id>` (the registry gathers them).
   */
  readonly settings?: ConfigSection<Settings>;
  /** The adapter from the operator's settings; undefined when they leave this marketplace out. */
  createAdapter(deps: AdapterDeps, settings: Settings): Adapter | undefined;
  /**
   * This marketplace's routes under /api (connect, OAuth callback, webhooks). Imported when the
   * app registers them, so this module stays a leaf that the sending code can read texts from.
   */
  loadRoutes?(): Promise<(app: FastifyInstance) => Promise<void>>;
  /**
   * This marketplace's background jobs, with their handlers and schedules; imported when the
   * runtime starts its job queue, for the same reason as the routes.
   */
  loadJobs?(): Promise<readonly JobWorker<MarketplaceContext>[]>;
  /**
   * Where the marketplace sends the seller's browser back after OAuth, under APP_URL; the operator
   * registers it with the marketplace. None for marketplaces connected without OAuth.
   */
  readonly callbackPath?: string;
  /** Why an order came without its buyer's email address, in the seller's words. */
  readonly withheldAddressText: string;
  /** How the seller can message a buyer instead ("an Etsy message"). */
  readonly buyerMessageName: string;
  /**
   * The order's page in the marketplace's own seller dashboard, where the seller can message its
   * buyer; null where there is none. Thankly only links there: no marketplace lets an app message
   * buyers for the seller (Etsy has no conversations API at all).
   */
  orderUrl(shop: OrderShop, orderId: string): string | null;
  /** Where a buyer leaves a review of the shop on this marketplace; null when the shop has no address. */
  reviewUrl(shop: Pick<OrderShop, 'url'>): string | null;
  /** The buyer's own page for the order on this marketplace, for a message sent there; null if none. */
  buyerOrderUrl(shop: OrderShop, orderId: string): string | null;
  /**
   * The only hosts (and their subdomains) a message sent through this marketplace may link to;
   * null when any is allowed. Etsy forbids steering buyers off Etsy.
   */
  readonly messageLinkHosts: readonly string[] | null;
}

/** The shop's address with one path appended, or null without an address. */
export function pageOf(shopUrl: string | null, path: string): string | null {
  if (!shopUrl) return null;
  return new URL(path, shopUrl.endsWith('/') ? shopUrl : `${shopUrl}/`).toString();
}
