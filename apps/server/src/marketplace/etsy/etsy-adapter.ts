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
import type { EtsyApi } from './etsy-api.ts';
import { EtsyHttpError, type EtsyTokens } from './etsy-api.ts';
import { etsyReceiptSchema, etsyReceiptsPageSchema, toMarketplaceOrder } from './etsy-receipt.ts';
import { verifyEtsyWebhook } from './etsy-webhook.ts';

/**
 * Reading receipts needs transactions_r; finding the seller's shop (getMe) needs shops_r; writing
 * the shop's purchase message (updateShop) needs shops_w.
 */
export const ETSY_SCOPES = ['transactions_r', 'shops_r', 'shops_w'];
/** The scope the purchase message needs: shops connected before Thankly asked for it lack it. */
export const ETSY_PURCHASE_MESSAGE_SCOPE = 'shops_w';
const PAGE_SIZE = 100;
/** Etsy refuses offsets past this; a poll that reaches it continues from the last change seen. */
const MAX_OFFSET = 12_000;
/** The lowest min_last_modified Etsy accepts (2000-01-01). */
const EARLIEST_UNIX = 946_684_800;

const meSchema = z.object({ user_id: z.number(), shop_id: z.number() });
const shopSchema = z.object({
  shop_id: z.number(),
  shop_name: z.string(),
  url: z.string().nullish(),
});
const shopMessagesSchema = z.object({
  sale_message: z.string().nullish(),
  digital_sale_message: z.string().nullish(),
});

/** The shop's purchase messages on Etsy; Etsy's null (never set) reads as ''. */
export interface EtsyPurchaseMessages {
  message: string;
  digitalMessage: string;
}

/** Etsy refused a write to the shop for want of a scope: the seller must connect it again. */
export class MissingScopeError extends Error {}

export interface EtsyAdapterOptions {
  api: EtsyApi;
  keystring: string;
  authUrl: string;
  webhookSecret: string | undefined;
  /** The app's clock: a token's expiry is counted from it, as every check of it is. */
  now: () => Date;
}

function credentialsFrom(tokens: EtsyTokens, now: number): Credentials {
  return {
    accessToken: tokens.access_token,
    // Etsy rotates the refresh token on every use: the new one must replace the old.
    refreshToken: tokens.refresh_token,
    expiresAt: new Date(now + tokens.expires_in * 1000).toISOString(),
  };
}

function requireToken(shop: ShopAccess): string {
  if (!shop.accessToken) throw new GrantRevokedError('The shop has no Etsy access token.');
  return shop.accessToken;
}

function fromEtsy(shop: z.infer<typeof shopMessagesSchema>): EtsyPurchaseMessages {
  return { message: shop.sale_message ?? '', digitalMessage: shop.digital_sale_message ?? '' };
}

export class EtsyAdapter implements MarketplaceAdapter {
  readonly marketplace = 'etsy' as const;
  readonly isDemo = false;
  readonly usesAccessTokens = true;
  constructor(private readonly options: EtsyAdapterOptions) {}

  authorizationUrl(args: { state: string; codeChallenge: string; redirectUri: string }): string {
    const url = new URL(this.options.authUrl);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.options.keystring,
      redirect_uri: args.redirectUri,
      scope: ETSY_SCOPES.join(' '),
      state: args.state,
      code_challenge: args.codeChallenge,
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  async completeAuthorization(args: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<ConnectedShopInfo> {
    const tokens = await this.options.api.token({
      grant_type: 'authorization_code',
      client_id: this.options.keystring,
      redirect_uri: args.redirectUri,
      code: args.code,
      code_verifier: args.codeVerifier,
    });
    const me = await this.options.api.get(
      '/v3/application/users/me',
      meSchema,
      tokens.access_token,
    );
    const shop = await this.options.api.get(
      `/v3/application/shops/${me.shop_id}`,
      shopSchema,
      tokens.access_token,
    );
    return {
      externalId: String(shop.shop_id),
      name: shop.shop_name,
      url: shop.url ?? null,
      credentials: credentialsFrom(tokens, this.options.now().getTime()),
      scopes: ETSY_SCOPES,
    };
  }

  /** getShop: the purchase messages Etsy sends buyers now. */
  async getPurchaseMessages(shop: ShopAccess): Promise<EtsyPurchaseMessages> {
    try {
      const found = await this.options.api.get(
        `/v3/application/shops/${encodeURIComponent(shop.externalId)}`,
        shopMessagesSchema,
        requireToken(shop),
      );
      return fromEtsy(found);
    } catch (error) {
      throw this.translate(error);
    }
  }

  /**
   * updateShop with both purchase messages; resolves with what Etsy then holds. A 403 is a token
   * without shops_w (a shop connected before Thankly asked for it).
   */
  async updatePurchaseMessages(
    shop: ShopAccess,
    messages: EtsyPurchaseMessages,
  ): Promise<EtsyPurchaseMessages> {
    try {
      const updated = await this.options.api.put(
        `/v3/application/shops/${encodeURIComponent(shop.externalId)}`,
        shopMessagesSchema,
        requireToken(shop),
        { sale_message: messages.message, digital_sale_message: messages.digitalMessage },
      );
      return fromEtsy(updated);
    } catch (error) {
      if (error instanceof EtsyHttpError && error.status === 403)
        throw new MissingScopeError(error.message);
      throw this.translate(error);
    }
  }

  async refreshCredentials(credentials: Credentials): Promise<Credentials> {
    try {
      const tokens = await this.options.api.token({
        grant_type: 'refresh_token',
        client_id: this.options.keystring,
        refresh_token: credentials.refreshToken,
      });
      return credentialsFrom(tokens, this.options.now().getTime());
    } catch (error) {
      if (error instanceof EtsyHttpError && (error.status === 400 || error.status === 401)) {
        throw new GrantRevokedError(
          'Etsy no longer accepts Thankly’s access to this shop (it was revoked or has expired). Please connect it again.',
        );
      }
      throw error;
    }
  }

  async fetchOrder(shop: ShopAccess, orderId: string): Promise<MarketplaceOrder | null> {
    try {
      const receipt = await this.options.api.get(
        `/v3/application/shops/${encodeURIComponent(shop.externalId)}/receipts/${encodeURIComponent(orderId)}`,
        etsyReceiptSchema,
        requireToken(shop),
      );
      return toMarketplaceOrder(receipt);
    } catch (error) {
      if (error instanceof EtsyHttpError && error.status === 404) return null;
      throw this.translate(error);
    }
  }

  async listChangedOrders(shop: ShopAccess, sinceUnixSeconds: number): Promise<ChangedOrders> {
    const orders: MarketplaceOrder[] = [];
    const unreadable: string[] = [];
    let cursor = sinceUnixSeconds;
    const since = Math.max(sinceUnixSeconds, EARLIEST_UNIX);
    for (let offset = 0; offset <= MAX_OFFSET - PAGE_SIZE; offset += PAGE_SIZE) {
      let page: z.infer<typeof etsyReceiptsPageSchema>;
      try {
        page = await this.options.api.get(
          `/v3/application/shops/${encodeURIComponent(shop.externalId)}/receipts`,
          etsyReceiptsPageSchema,
          requireToken(shop),
          {
            was_paid: true,
            min_last_modified: since,
            sort_on: 'updated',
            sort_order: 'asc',
            limit: PAGE_SIZE,
            offset,
          },
        );
      } catch (error) {
        throw this.translate(error);
      }
      for (const item of page.results) {
        const receipt = etsyReceiptSchema.safeParse(item);
        // Without its id a receipt cannot be told apart or read again: it is passed over, said
        // in the log, and the poll goes on to the receipts after it.
        if (!receipt.success) {
          unreadable.push(
            receipt.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
          );
          continue;
        }
        const order = toMarketplaceOrder(receipt.data);
        orders.push(order);
        cursor = Math.max(cursor, Math.floor(Date.parse(order.updatedAt) / 1000));
      }
      if (page.results.length < PAGE_SIZE || offset + PAGE_SIZE >= page.count) break;
    }
    return { orders, nextCursor: cursor, unreadable };
  }

  parseWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): OrderNotification | null {
    if (!this.options.webhookSecret) return null;
    return verifyEtsyWebhook(this.options.webhookSecret, rawBody, headers, now);
  }

  private translate(error: unknown): unknown {
    if (error instanceof EtsyHttpError && error.status === 401) {
      return new GrantRevokedError('Etsy refused Thankly’s access token for this shop.');
    }
    return error;
  }
}
