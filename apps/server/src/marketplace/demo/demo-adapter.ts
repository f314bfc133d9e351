import { randomUUID } from 'node:crypto';
import { and, count, eq, gte, lte } from 'drizzle-orm';
import type { Database } from '../../infrastructure/db/database.ts';
import { demoOrders, sendingSettings, shops } from '../../infrastructure/db/schema.ts';
import type {
  ChangedOrders,
  ConnectedShopInfo,
  Credentials,
  MarketplaceAdapter,
  ShopAccess,
} from '../marketplace-adapter.ts';
import { type MarketplaceOrder, marketplaceOrderSchema } from '../../orders/marketplace-order.ts';

export const DEMO_SHOP_NAME = 'Demo Shop';

/** The demo shop's storefront: its web address, where its buyers' links lead. */
export function demoStorefrontPath(externalId: string): string {
  return `/api/demo-marketplace/shops/${encodeURIComponent(externalId)}`;
}

/**
 * The stand-in marketplace of the embedded default. Its "authorisation" is a labelled local page,
 * its orders live in the demo_orders table, and everything after that is the real pipeline.
 */
export class DemoAdapter implements MarketplaceAdapter {
  readonly marketplace = 'demo' as const;
  readonly isDemo = true;
  readonly usesAccessTokens = false;
  constructor(private readonly db: Database) {}

  authorizationUrl(args: { state: string; codeChallenge: string; redirectUri: string }): string {
    // The consent page is served by this same app, beside the callback.
    const url = new URL('/api/demo-marketplace/authorize', args.redirectUri);
    url.search = new URLSearchParams({
      state: args.state,
      redirect_uri: args.redirectUri,
    }).toString();
    return url.toString();
  }

  async completeAuthorization(args: {
    code: string;
    redirectUri: string;
  }): Promise<ConnectedShopInfo> {
    if (!/^demo-[\w-]{8,64}$/.test(args.code)) throw new Error('Not a demo authorisation code.');
    // A real page, like a marketplace's shop page: buttons in its emails lead somewhere.
    const url = new URL(demoStorefrontPath(args.code), args.redirectUri).toString();
    return { externalId: args.code, name: DEMO_SHOP_NAME, url, credentials: null };
  }

  async refreshCredentials(credentials: Credentials): Promise<Credentials> {
    return credentials;
  }

  async fetchOrder(shop: ShopAccess, orderId: string): Promise<MarketplaceOrder | null> {
    const id = Number(orderId);
    if (!Number.isSafeInteger(id)) return null;
    const [row] = await this.db
      .select()
      .from(demoOrders)
      .where(and(eq(demoOrders.id, id), eq(demoOrders.shopExternalId, shop.externalId)));
    return row ? marketplaceOrderSchema.parse(row.receipt) : null;
  }

  async listChangedOrders(shop: ShopAccess, sinceUnixSeconds: number): Promise<ChangedOrders> {
    const rows = await this.db
      .select()
      .from(demoOrders)
      .where(
        and(
          eq(demoOrders.shopExternalId, shop.externalId),
          gte(demoOrders.updatedAt, new Date(sinceUnixSeconds * 1000)),
        ),
      );
    const orders = rows.map((row) => marketplaceOrderSchema.parse(row.receipt));
    const latest = rows.reduce(
      (max, row) => Math.max(max, Math.floor(row.updatedAt.getTime() / 1000)),
      sinceUnixSeconds,
    );
    return { orders, nextCursor: latest };
  }

  parseWebhook(): null {
    // Demo orders are announced in-process, never by webhook.
    return null;
  }
}

export function newDemoAuthorizationCode(): string {
  return `demo-${randomUUID()}`;
}

const SAMPLE_PRODUCTS = [
  'Hand-thrown mug',
  'Linen tea towel',
  'Beeswax candle',
  'Olive wood spoon',
  'Ceramic bowl',
];

/** Buyers of the demo orders that come without an address: strangers, as on a marketplace. */
const SAMPLE_BUYERS = ['Maya Patel', 'Tomás Ruiz', 'Aiko Tanaka', 'Femi Adeyemi', 'Lena Novak'];

/**
 * A paid order in a demo shop, addressed to the seller so they can watch their own email arrive;
 * or, without an address as Etsy sends most orders, from one of the sample buyers. Every demo order
 * after the first comes from a buyer who bought before (the seller), and every other one carries
 * the seller's coupon code, so a seller trying Thankly sees repeat orders and redemptions on the
 * insights page.
 */
export async function createDemoOrder(
  db: Database,
  shopExternalId: string,
  buyer: { name: string; email: string | null },
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(demoOrders)
    .values({ shopExternalId, receipt: {}, updatedAt: now })
    .returning({ id: demoOrders.id });
  const id = row!.id;
  // The pattern follows the shop's own orders, not the table's ids, which every demo shop on the
  // server draws from: otherwise another seller's demo orders in between could leave a seller
  // with no coupon order at all.
  const position = await demoOrderPosition(db, shopExternalId, id);
  const couponCode = position % 2 === 0 ? await sellerCouponCode(db, shopExternalId) : '';
  const products = [
    SAMPLE_PRODUCTS[position % SAMPLE_PRODUCTS.length]!,
    SAMPLE_PRODUCTS[(position + 2) % SAMPLE_PRODUCTS.length]!,
  ];
  const order: MarketplaceOrder = {
    externalId: String(id),
    orderNumber: String(100_000 + id),
    isPaid: true,
    buyerName: buyer.email === null ? SAMPLE_BUYERS[position % SAMPLE_BUYERS.length]! : buyer.name,
    buyerFirstName: null,
    buyerLastName: null,
    buyerEmail: buyer.email,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    productTitles: products,
    total: { amount: 2400 + (position % 7) * 350, divisor: 100, currency: 'USD' },
    // Not shipped yet: POST /api/orders/:id/demo-event moves it on (demo-events.ts).
    trackingUrl: null,
    trackingNumber: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    couponCodes: couponCode ? [couponCode] : [],
  };
  await db.update(demoOrders).set({ receipt: order }).where(eq(demoOrders.id, id));
  return String(id);
}

/** Which of the shop's demo orders `id` is, counting from 1: its own orders up to and with it. */
async function demoOrderPosition(
  db: Database,
  shopExternalId: string,
  id: number,
): Promise<number> {
  const [row] = await db
    .select({ position: count() })
    .from(demoOrders)
    .where(and(eq(demoOrders.shopExternalId, shopExternalId), lte(demoOrders.id, id)));
  return row!.position;
}

async function sellerCouponCode(db: Database, shopExternalId: string): Promise<string> {
  const [found] = await db
    .select({ couponCode: sendingSettings.couponCode })
    .from(shops)
    .innerJoin(sendingSettings, eq(sendingSettings.userId, shops.userId))
    .where(and(eq(shops.marketplace, 'demo'), eq(shops.externalId, shopExternalId)));
  return found?.couponCode ?? '';
}
