import type { Marketplace } from '@thankly/api-contract';
import type { FastifyInstance } from 'fastify';
import type { MarketplaceContext } from './marketplace-context.ts';
import type { ConfigSection, SectionSettings } from '../infrastructure/config/config-section.ts';
import type { JobWorker } from '../infrastructure/jobs/job-queue.ts';
import { demoMarketplace } from './demo/demo-marketplace.ts';
import { etsyMarketplace } from './etsy/etsy-marketplace.ts';
import type { MarketplaceAdapter } from './marketplace-adapter.ts';
import type { AdapterDeps, MarketplaceModule, OrderShop } from './marketplace-module.ts';
import { shopifyMarketplace } from './shopify/shopify-marketplace.ts';
import { wooMarketplace } from './woocommerce/woo-marketplace.ts';

/** Every marketplace Thankly connects, one module each (see marketplace-module.ts). */
export const MARKETPLACE_MODULES = {
  etsy: etsyMarketplace,
  shopify: shopifyMarketplace,
  woocommerce: wooMarketplace,
  demo: demoMarketplace,
} satisfies { [M in Marketplace]: MarketplaceModule & { id: M } };

type Modules = typeof MARKETPLACE_MODULES;

type Adapters = { [M in Marketplace]: ReturnType<Modules[M]['createAdapter']> };

type WithSettings = {
  [
    M in keyof Modules as Modules[M] extends { settings: ConfigSection<unknown> } ? M : never
  ]: Modules[M];
};

/** The marketplaces' parts of the configuration, each under its id: `config.etsy`, `config.shopify`. */
export const MARKETPLACE_CONFIG_SECTIONS = Object.fromEntries(
  Object.values(MARKETPLACE_MODULES).flatMap((module) =>
    'settings' in module ? [[module.id, module.settings]] : [],
  ),
) as { [M in keyof WithSettings]: WithSettings[M]['settings'] };

/** Each marketplace's settings, as the configuration holds them. */
export type MarketplaceConfig = SectionSettings<typeof MARKETPLACE_CONFIG_SECTIONS>;

/** Each marketplace's adapter, undefined where the operator's settings leave it out. */
export type Marketplaces = Adapters & {
  /** What "Connect your Etsy shop" connects: Etsy when configured, otherwise the demo shop. */
  forConnect(): MarketplaceAdapter;
  get(marketplace: Marketplace): MarketplaceAdapter | undefined;
};

export function createMarketplaces(
  deps: AdapterDeps & { config: MarketplaceConfig },
): Marketplaces {
  const settingsOf = (id: Marketplace): unknown =>
    id in MARKETPLACE_CONFIG_SECTIONS ? deps.config[id as keyof MarketplaceConfig] : undefined;
  const modules = Object.values(MARKETPLACE_MODULES) as MarketplaceModule[];
  const adapters = Object.fromEntries(
    modules.map((module) => [module.id, module.createAdapter(deps, settingsOf(module.id))]),
  ) as Adapters;
  return {
    ...adapters,
    forConnect: () => adapters.etsy ?? adapters.demo,
    get: (marketplace) => adapters[marketplace],
  };
}

/** Registers every marketplace's own routes (connect, callbacks, webhooks) under /api. */
export async function registerMarketplaceRoutes(app: FastifyInstance): Promise<void> {
  for (const module of Object.values(MARKETPLACE_MODULES) as MarketplaceModule[]) {
    if (module.loadRoutes) await app.register(await module.loadRoutes());
  }
}

/** Every marketplace's background jobs, for the runtime's one job list. */
export async function loadMarketplaceJobs(): Promise<JobWorker<MarketplaceContext>[]> {
  const modules = Object.values(MARKETPLACE_MODULES) as MarketplaceModule[];
  const lists = await Promise.all(modules.map((module) => module.loadJobs?.() ?? []));
  return lists.flat();
}

/** The order's page in its marketplace's seller dashboard (see MarketplaceModule.orderUrl). */
export function marketplaceOrderUrl(shop: OrderShop, orderId: string): string | null {
  return MARKETPLACE_MODULES[shop.marketplace].orderUrl(shop, orderId);
}

/** Where the shop's buyers leave a review on its marketplace (see MarketplaceModule.reviewUrl). */
export function marketplaceReviewUrl(shop: Pick<OrderShop, 'marketplace' | 'url'>): string | null {
  return MARKETPLACE_MODULES[shop.marketplace].reviewUrl(shop);
}

/** The buyer's own page for the order on its marketplace (see MarketplaceModule.buyerOrderUrl). */
export function buyerOrderUrl(shop: OrderShop, orderId: string): string | null {
  return MARKETPLACE_MODULES[shop.marketplace].buyerOrderUrl(shop, orderId);
}

/** Whether a message sent through the shop's marketplace may carry this link. */
export function linkAllowedInMessage(marketplace: Marketplace, url: string): boolean {
  const hosts = MARKETPLACE_MODULES[marketplace].messageLinkHosts;
  if (!hosts) return true;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
