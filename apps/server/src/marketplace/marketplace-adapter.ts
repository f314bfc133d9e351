import type { Marketplace } from '@thankly/api-contract';
import type { MarketplaceOrder } from '../orders/marketplace-order.ts';

/** OAuth tokens of one shop. Stored encrypted; refreshed before they expire. */
export interface Credentials {
  accessToken: string;
  refreshToken: string;
  expiresAt: string;
}

export interface ConnectedShopInfo {
  externalId: string;
  name: string;
  url: string | null;
  credentials: Credentials | null;
  /** The OAuth scopes the seller approved, where the marketplace asks for any. */
  scopes?: readonly string[];
}

/** What an adapter needs to act for a shop. */
export interface ShopAccess {
  externalId: string;
  accessToken: string | null;
}

/** A verified webhook's meaning: an order of a shop changed. */
export interface OrderNotification {
  shopExternalId: string;
  orderId: string;
}

export interface ChangedOrders {
  orders: MarketplaceOrder[];
  /** Unix seconds to poll from next time. */
  nextCursor: number;
  /**
   * Orders the marketplace listed but that could not be read at all (no id to know them by), each
   * as what was wrong with it, for the operator's log. They are passed over, not retried.
   */
  unreadable?: string[];
}

/**
 * One marketplace, behind the interface the pipeline uses: connecting a shop, keeping its grant
 * alive, reading orders, and trusting webhooks. A demo marketplace implements it too, so the
 * embedded default goes through the same code path.
 */
export interface MarketplaceAdapter {
  readonly marketplace: Marketplace;
  /** A local stand-in, labelled as such wherever a seller sees it. */
  readonly isDemo: boolean;
  /**
   * Whether calls for a shop need its OAuth access token (kept fresh by withShopAccess). False for
   * the demo shop and for WooCommerce, whose stores push signed webhooks and are never called back.
   */
  readonly usesAccessTokens: boolean;
  /** `shop`: for marketplaces where the seller names their shop first (Shopify's shop domain). */
  authorizationUrl(args: {
    state: string;
    codeChallenge: string;
    redirectUri: string;
    shop?: string;
  }): string;
  completeAuthorization(args: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
    shop?: string;
  }): Promise<ConnectedShopInfo>;
  refreshCredentials(credentials: Credentials): Promise<Credentials>;
  fetchOrder(shop: ShopAccess, orderId: string): Promise<MarketplaceOrder | null>;
  listChangedOrders(shop: ShopAccess, sinceUnixSeconds: number): Promise<ChangedOrders>;
  /** Verifies a delivery's signature on its raw body; null when it is not genuine or not for us. */
  parseWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): OrderNotification | null;
}

/** The marketplace said the shop's grant is gone (revoked, expired): the seller must reconnect. */
export class GrantRevokedError extends Error {}

/** The marketplace asked us to slow down. */
export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Rate limited; retry after ${retryAfterSeconds}s`);
  }
}

/** Our own daily request budget with the marketplace is spent; try again tomorrow. */
export class BudgetExhaustedError extends Error {}
