import type {
  ChangedOrders,
  ConnectedShopInfo,
  Credentials,
  MarketplaceAdapter,
} from '../marketplace-adapter.ts';
import type { MarketplaceOrder } from '../../orders/marketplace-order.ts';

/**
 * What a WooCommerce shop keeps, encrypted, in its credentials: the webhooks' secret (never shown
 * to the seller) and the seller's REST API keys, with which every order is read back.
 */
export interface WooSecrets {
  webhookSecret: string;
  consumerKey: string;
  consumerSecret: string;
}

/**
 * WooCommerce: the store announces each order change to a webhook with its own secret, and
 * woo-service.ts reads the order back from the store with the seller's keys before recording it.
 * There is no OAuth and no token, and nothing here to fetch or poll.
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
    // Each store signs with its own secret; woo-service.ts verifies deliveries per shop
    // (woo-signature.ts).
    return null;
  }
}
