import type { Marketplace } from '@thankly/api-contract';
import { sql } from 'drizzle-orm';
import type { ResolvedConfig } from '../context.ts';
import type { Database } from '../db/database.ts';
import { apiBudgets } from '../db/schema.ts';
import { DemoAdapter } from './demo/demo-adapter.ts';
import { EtsyApi } from './etsy/etsy-api.ts';
import { EtsyAdapter } from './etsy/etsy-adapter.ts';
import { BudgetExhaustedError, type MarketplaceAdapter } from './marketplace-adapter.ts';
import { ShopifyApi } from './shopify/shopify-api.ts';
import { ShopifyAdapter } from './shopify/shopify-adapter.ts';
import { WooAdapter } from './woocommerce/woo-adapter.ts';

export interface Marketplaces {
  /** What "Connect your Etsy shop" connects: Etsy when configured, otherwise the demo shop. */
  forConnect(): MarketplaceAdapter;
  get(marketplace: Marketplace): MarketplaceAdapter | undefined;
  etsy: EtsyAdapter | undefined;
  /** Undefined without the operator's Shopify app credentials. */
  shopify: ShopifyAdapter | undefined;
  woocommerce: WooAdapter;
}

/**
 * Spends one request of a provider's daily quota, atomically across processes; throws once the
 * day's budget is gone.
 */
export async function consumeApiBudget(
  db: Database,
  provider: string,
  budget: number,
  now: Date,
): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  const rows = await db
    .insert(apiBudgets)
    .values({ provider, day, used: 1 })
    .onConflictDoUpdate({
      target: [apiBudgets.provider, apiBudgets.day],
      set: { used: sql`${apiBudgets.used} + 1` },
      setWhere: sql`${apiBudgets.used} < ${budget}`,
    })
    .returning({ used: apiBudgets.used });
  if (rows.length === 0)
    throw new BudgetExhaustedError(`The daily ${provider} request budget of ${budget} is used up.`);
}

export function createMarketplaces(
  config: ResolvedConfig,
  db: Database,
  now: () => Date,
): Marketplaces {
  const demo = new DemoAdapter(db);
  const { etsy: etsyConfig } = config;
  const etsy =
    etsyConfig.keystring && etsyConfig.sharedSecret
      ? new EtsyAdapter({
          api: new EtsyApi({
            apiUrl: etsyConfig.apiUrl,
            keystring: etsyConfig.keystring,
            sharedSecret: etsyConfig.sharedSecret,
            consumeBudget: () => consumeApiBudget(db, 'etsy', etsyConfig.dailyRequestBudget, now()),
          }),
          keystring: etsyConfig.keystring,
          authUrl: etsyConfig.authUrl,
          webhookSecret: etsyConfig.webhookSecret,
          now,
        })
      : undefined;
  const shopify = config.shopify
    ? new ShopifyAdapter({
        api: new ShopifyApi(config.shopify),
        scopes: config.shopify.scopes,
        webhookUrl: () => `${config.appUrl}/api/shopify/webhook`,
        now,
      })
    : undefined;
  const woocommerce = new WooAdapter();
  const byMarketplace: Record<Marketplace, MarketplaceAdapter | undefined> = {
    etsy,
    shopify,
    woocommerce,
    demo,
  };
  return {
    forConnect: () => etsy ?? demo,
    get: (marketplace) => byMarketplace[marketplace],
    etsy,
    shopify,
    woocommerce,
  };
}
