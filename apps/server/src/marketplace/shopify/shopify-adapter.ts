import { z } from 'zod';
import type {
  ChangedOrders,
  ConnectedShopInfo,
  Credentials,
  MarketplaceAdapter,
  OrderNotification,
  ShopAccess,
} from '../marketplace-adapter.ts';
import { GrantRevokedError } from '../marketplace-adapter.ts';
import type { MarketplaceOrder } from '../../orders/marketplace-order.ts';
import { headerValue, isGenuineWebhook } from './shopify-hmac.ts';
import { type ShopifyApi, ShopifyHttpError, type ShopifyTokens } from './shopify-api.ts';
import {
  restShapeOf,
  SHOPIFY_ORDER_QUERY,
  shopifyOrderDataSchema,
} from './shopify-graphql-order.ts';
import { toMarketplaceOrder } from './shopify-order.ts';
import { orderIdOfChange } from './shopify-topics.ts';
import { parseStorableJson } from '../../infrastructure/db/storable-text.ts';

/** Offline tokens that never expire are stored with this expiry, so they are never refreshed. */
const NEVER = '9999-12-31T00:00:00.000Z';

/**
 * The topics Thankly subscribes each shop to through the Admin API: the payment, the app's removal,
 * and what moves an order on afterwards for its follow-up emails (fulfilled in whole or in part,
 * cancelled, refunded; orders/updated for what has no topic of its own within read_orders, such as
 * a tracking number changed or the carrier's "delivered"). All of these need only read_orders.
 */
export const SHOPIFY_SUBSCRIBED_TOPICS = [
  'ORDERS_PAID',
  'APP_UNINSTALLED',
  'ORDERS_FULFILLED',
  'ORDERS_PARTIALLY_FULFILLED',
  'ORDERS_UPDATED',
  'ORDERS_CANCELLED',
  'REFUNDS_CREATE',
] as const;

/** A Shopify token belongs to one shop; the shop travels with it for a refresh. */
export interface ShopifyCredentials extends Credentials {
  shop: string;
}

const shopQuery = `query ThanklyShop {
  shop { name myshopifyDomain primaryDomain { url } }
}`;
const shopDataSchema = z.object({
  shop: z.object({
    name: z.string(),
    myshopifyDomain: z.string().optional(),
    primaryDomain: z.object({ url: z.string() }).nullish(),
  }),
});

const orderQuery = `query ThanklyOrder($id: ID!) {
  order(id: $id) { id }
}`;
const orderDataSchema = z.object({ order: z.object({ id: z.string() }).nullable() });

const subscribeMutation = `mutation ThanklyWebhook($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
    webhookSubscription { id }
    userErrors { field message }
  }
}`;
const subscribeDataSchema = z.object({
  webhookSubscriptionCreate: z.object({
    webhookSubscription: z.object({ id: z.string() }).nullish(),
    userErrors: z.array(z.object({ message: z.string() })),
  }),
});

export interface ShopifyAdapterOptions {
  api: ShopifyApi;
  scopes: string;
  /** Where Shopify delivers this app's webhooks (read when a shop connects: APP_URL may move). */
  webhookUrl: () => string;
  /** The app's clock: a token's expiry is counted from it, as every check of it is. */
  now: () => Date;
}

function credentialsFrom(shop: string, tokens: ShopifyTokens, now: Date): ShopifyCredentials {
  const expiring = tokens.refresh_token && tokens.expires_in;
  return {
    shop,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? '',
    expiresAt: expiring ? new Date(now.getTime() + tokens.expires_in! * 1000).toISOString() : NEVER,
  };
}

/**
 * Shopify: a shop installs the app through the authorization code grant, and Shopify pushes each
 * paid order in full to the orders/paid webhook. Thankly only asks whether a delivered order is
 * the shop's (isOrderOfShop). Later changes (fulfilled, cancelled, refunded) are announced by
 * their own topics and the order is read again (fetchOrder); polling finds nothing, and Shopify's
 * own retries (8 over 4 hours) cover a delivery we missed.
 */
export class ShopifyAdapter implements MarketplaceAdapter {
  readonly marketplace = 'shopify' as const;
  readonly isDemo = false;
  readonly usesAccessTokens = true;
  constructor(private readonly options: ShopifyAdapterOptions) {}

  authorizationUrl(args: { state: string; redirectUri: string; shop?: string }): string {
    if (!args.shop) throw new Error('A Shopify install needs the shop’s domain.');
    const url = new URL(`${this.options.api.shopOrigin(args.shop)}/admin/oauth/authorize`);
    url.search = new URLSearchParams({
      client_id: this.options.api.options.apiKey,
      scope: this.options.scopes,
      redirect_uri: args.redirectUri,
      state: args.state,
      // Empty: an offline token, which acts for the shop rather than for one staff member.
      'grant_options[]': '',
    }).toString();
    return url.toString();
  }

  async completeAuthorization(args: { code: string; shop?: string }): Promise<ConnectedShopInfo> {
    const shop = args.shop;
    if (!shop) throw new Error('A Shopify install needs the shop’s domain.');
    const tokens = await this.options.api.token(shop, { code: args.code, expiring: '0' });
    const granted = tokens.scope.split(',').map((s) => s.trim());
    const missing = this.options.scopes.split(',').filter((s) => !granted.includes(s.trim()));
    if (missing.length > 0)
      throw new ShopifyHttpError(403, `the install did not grant ${missing.join(', ')}`);
    const { shop: details } = await this.options.api.graphql(
      shop,
      tokens.access_token,
      shopQuery,
      {},
      shopDataSchema,
    );
    for (const topic of SHOPIFY_SUBSCRIBED_TOPICS)
      await this.subscribe(shop, tokens.access_token, topic);
    return {
      externalId: shop,
      name: details.name,
      url: details.primaryDomain?.url ?? `https://${shop}`,
      credentials: credentialsFrom(shop, tokens, this.options.now()),
    };
  }

  async refreshCredentials(credentials: Credentials): Promise<Credentials> {
    const { shop } = credentials as ShopifyCredentials;
    if (!shop || !credentials.refreshToken)
      throw new GrantRevokedError(
        'Shopify’s access for this shop has expired. Please connect it again.',
      );
    try {
      const tokens = await this.options.api.token(shop, {
        grant_type: 'refresh_token',
        refresh_token: credentials.refreshToken,
      });
      return credentialsFrom(shop, tokens, this.options.now());
    } catch (error) {
      if (error instanceof ShopifyHttpError && (error.status === 400 || error.status === 401))
        throw new GrantRevokedError(
          'Shopify no longer accepts Thankly’s access to this shop. Please connect it again.',
        );
      throw error;
    }
  }

  /** The order as Shopify has it now, read with the shop's token; null when it is not the shop's. */
  async fetchOrder(shop: ShopAccess, orderId: string): Promise<MarketplaceOrder | null> {
    if (!/^\d{1,20}$/.test(orderId)) return null;
    if (!shop.accessToken) throw new GrantRevokedError('The shop has no Shopify access token.');
    const { order } = await this.options.api.graphql(
      shop.externalId,
      shop.accessToken,
      SHOPIFY_ORDER_QUERY,
      { id: `gid://shopify/Order/${orderId}` },
      shopifyOrderDataSchema,
    );
    if (!order || String(order.legacyResourceId) !== orderId) return null;
    return toMarketplaceOrder(restShapeOf(order), { topic: 'read', now: this.options.now() });
  }

  async listChangedOrders(_shop: unknown, sinceUnixSeconds: number): Promise<ChangedOrders> {
    return { orders: [], nextCursor: sinceUnixSeconds };
  }

  /** An order topic's shop and order id, when Shopify signed the delivery. */
  parseWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): OrderNotification | null {
    if (!isGenuineWebhook(Buffer.from(rawBody), headers, this.options.api.options.apiSecret))
      return null;
    const shop = headerValue(headers, 'x-shopify-shop-domain');
    const topic = headerValue(headers, 'x-shopify-topic');
    if (!shop || !topic) return null;
    let body: unknown;
    try {
      body = parseStorableJson(rawBody);
    } catch {
      return null;
    }
    const orderId =
      topic === 'orders/paid'
        ? z.object({ id: z.union([z.number(), z.string()]) }).safeParse(body).data?.id
        : orderIdOfChange(topic, body);
    return orderId === undefined || orderId === null
      ? null
      : { shopExternalId: shop, orderId: String(orderId) };
  }

  /**
   * Whether an order belongs to this shop: asked of Shopify with the shop's own token, which can
   * see no other shop's orders. A webhook's signature covers its body but not the shop header, so
   * this is what ties a delivered order to the shop it is delivered for.
   */
  async isOrderOfShop(shop: string, accessToken: string, orderId: string): Promise<boolean> {
    const { order } = await this.options.api.graphql(
      shop,
      accessToken,
      orderQuery,
      { id: `gid://shopify/Order/${orderId}` },
      orderDataSchema,
    );
    return order !== null;
  }

  private async subscribe(shop: string, accessToken: string, topic: string): Promise<void> {
    const { webhookSubscriptionCreate: result } = await this.options.api.graphql(
      shop,
      accessToken,
      subscribeMutation,
      { topic, webhookSubscription: { uri: this.options.webhookUrl(), format: 'JSON' } },
      subscribeDataSchema,
    );
    // Reinstalling finds the subscription still there: that is the state we want.
    const errors = result.userErrors.filter((e) => !/already been taken/i.test(e.message));
    if (errors.length > 0) throw new ShopifyHttpError(422, errors.map((e) => e.message).join('; '));
  }
}
