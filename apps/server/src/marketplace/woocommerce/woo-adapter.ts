import type {
  ChangedOrders,
  ConnectedShopInfo,
  Credentials,
  MarketplaceAdapter,
} from '../marketplace-adapter.ts';
import type { MarketplaceOrder } from '../marketplace-order.ts';

/** What a WooCommerce shop keeps, encrypted, in its credentials. */
export interface WooSecrets {
  webhookSecret: string;
}

/**
 * WooCommerce: the store pushes each order change, in full, to a webhook with its own secret, and
 * Thankly never calls the store back (the seller's API keys are used once, to create those
 * webhooks, and are not kept). So there is no OAuth, no token, and nothing to fetch or poll.
 */
export class WooAdapter implements MarketplaceAdapter {
  readonly marketplace = 'woocommerce' as const;
  readonly isDemo = false;
  readonly usesAccessTokens = false;

  authorizationUrl(): string {
    throw new Error('WooCommerce stores connect with their address, not OAuth.');
  }

  async completeAuthorization(): Promise<ConnectedShopInfo> {
    throw new Error('WooCommerce stores connect with their address, not OAuth.');
  }

  async refreshCredentials(credentials: Credentials): Promise<Credentials> {
    return credentials;
  }

  async fetchOrder(): Promise<MarketplaceOrder | null> {
    return null;
  }

  async listChangedOrders(_shop: unknown, sinceUnixSeconds: number): Promise<ChangedOrders> {
    return { orders: [], nextCursor: sinceUnixSeconds };
  }

  parseWebhook(): null {
    // Each store signs with its own secret; woo-webhook.ts verifies deliveries per shop.
    return null;
  }
}
