import type { Shop } from '@thankly/api-contract';
import { and, asc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { createSecretToken, hashToken } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import { oauthStates, shops } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import { decryptSecret, encryptSecret } from './credentials-crypto.ts';
import {
  type ConnectedShopInfo,
  type Credentials,
  GrantRevokedError,
  type MarketplaceAdapter,
  type ShopAccess,
} from './marketplace-adapter.ts';
import { createPkcePair } from './pkce.ts';

export type ShopRow = typeof shops.$inferSelect;

const STATE_TTL_MS = 10 * 60 * 1000;
/** Refresh an access token this long before Etsy would expire it. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

/** Where a marketplace sends the seller back; the operator registers it with the marketplace. */
export function oauthRedirectUri(
  appUrl: string,
  marketplace: ShopRow['marketplace'] = 'etsy',
): string {
  return marketplace === 'shopify'
    ? `${appUrl}/api/shopify/callback`
    : `${appUrl}/api/etsy/callback`;
}

export function toShop(row: ShopRow): Shop {
  return {
    id: row.id,
    marketplace: row.marketplace,
    name: row.name,
    url: row.url,
    status: row.status,
    statusReason: row.statusReason,
    isDemo: row.marketplace === 'demo',
    connectedAt: row.connectedAt.toISOString(),
    lastOrderAt: row.lastOrderAt?.toISOString() ?? null,
  };
}

export async function listShops(db: Database, userId: string): Promise<Shop[]> {
  const rows = await db
    .select()
    .from(shops)
    .where(eq(shops.userId, userId))
    .orderBy(asc(shops.connectedAt));
  return rows.map(toShop);
}

export async function findShop(db: Database, userId: string, shopId: string): Promise<ShopRow> {
  const [row] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.userId, userId)));
  if (!row) throw notFound('Shop not found.');
  return row;
}

/** Starts OAuth 2.0 with PKCE: a single-use state bound to the seller, and the marketplace's URL. */
export async function startConnect(
  ctx: AppContext,
  adapter: MarketplaceAdapter,
  userId: string,
  shop?: string,
): Promise<string> {
  const state = createSecretToken();
  const { verifier, challenge } = createPkcePair();
  await ctx.db.insert(oauthStates).values({
    stateHash: hashToken(state),
    userId,
    marketplace: adapter.marketplace,
    codeVerifier: verifier,
    shopDomain: shop ?? null,
    expiresAt: new Date(ctx.clock.now().getTime() + STATE_TTL_MS),
  });
  return adapter.authorizationUrl({
    state,
    codeChallenge: challenge,
    redirectUri: oauthRedirectUri(ctx.config.appUrl, adapter.marketplace),
    shop,
  });
}

/**
 * Finishes OAuth: spends the state (once, unexpired), exchanges the code, and stores the shop with
 * its tokens encrypted. Reconnecting a shop refreshes it; another seller's shop is refused.
 */
export async function completeConnect(
  ctx: AppContext,
  marketplaceOf: (marketplace: ShopRow['marketplace']) => MarketplaceAdapter | undefined,
  args: {
    state: string;
    code: string;
    sessionUserId: string | undefined;
    /** The shop the marketplace says it is coming back for (Shopify): must be the one asked for. */
    shop?: string;
  },
): Promise<ShopRow> {
  const [pending] = await ctx.db
    .delete(oauthStates)
    .where(
      and(
        eq(oauthStates.stateHash, hashToken(args.state)),
        gt(oauthStates.expiresAt, ctx.clock.now()),
        args.shop === undefined
          ? isNull(oauthStates.shopDomain)
          : eq(oauthStates.shopDomain, args.shop),
      ),
    )
    .returning();
  if (!pending)
    throw new AppError(
      'invalid',
      'This connection link has expired or was already used. Please try again.',
    );
  if (args.sessionUserId && args.sessionUserId !== pending.userId) {
    throw new AppError('forbidden', 'This connection was started by another account.');
  }
  const adapter = marketplaceOf(pending.marketplace);
  if (!adapter) throw new AppError('invalid', 'This marketplace is not available.');
  const info = await adapter.completeAuthorization({
    code: args.code,
    codeVerifier: pending.codeVerifier,
    redirectUri: oauthRedirectUri(ctx.config.appUrl, adapter.marketplace),
    shop: pending.shopDomain ?? undefined,
  });
  return saveConnectedShop(ctx, pending.userId, adapter.marketplace, info);
}

/**
 * Stores a shop the seller just connected, with its secrets encrypted. Reconnecting a shop
 * refreshes it; a shop already connected to another Thankly account is refused.
 */
export async function saveConnectedShop(
  ctx: AppContext,
  userId: string,
  marketplace: ShopRow['marketplace'],
  info: ConnectedShopInfo,
  secrets: unknown = info.credentials,
): Promise<ShopRow> {
  const sealed = secrets ? encryptSecret(JSON.stringify(secrets), ctx.config.appSecret) : null;
  const values = {
    name: info.name,
    url: info.url,
    status: 'connected' as const,
    statusReason: null,
    credentials: sealed,
    tokenExpiresAt: info.credentials ? new Date(info.credentials.expiresAt) : null,
  };
  const [existing] = await ctx.db
    .select()
    .from(shops)
    .where(and(eq(shops.marketplace, marketplace), eq(shops.externalId, info.externalId)));
  if (existing && existing.userId !== userId) {
    throw new AppError('conflict', 'This shop is already connected to another Thankly account.');
  }
  if (existing) {
    const [row] = await ctx.db
      .update(shops)
      .set(values)
      .where(eq(shops.id, existing.id))
      .returning();
    return row!;
  }
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(shops)
    .values({
      ...values,
      userId,
      marketplace,
      externalId: info.externalId,
      // Orders from the moment of connecting on; earlier ones were never promised a thank-you.
      pollCursor: Math.floor(now.getTime() / 1000),
    })
    .returning();
  return row!;
}

export async function markDisconnected(
  db: Database,
  shopId: string,
  reason: string,
): Promise<void> {
  await db
    .update(shops)
    .set({ status: 'disconnected', statusReason: reason, credentials: null, tokenExpiresAt: null })
    .where(eq(shops.id, shopId));
}

/** A shop's decrypted secrets (whatever its marketplace keeps there), or null when it has none. */
export function readShopSecrets(row: ShopRow, appSecret: string): unknown {
  return row.credentials ? JSON.parse(decryptSecret(row.credentials, appSecret)) : null;
}

function readCredentials(row: ShopRow, appSecret: string): Credentials | null {
  return row.credentials
    ? (JSON.parse(decryptSecret(row.credentials, appSecret)) as Credentials)
    : null;
}

/**
 * Runs a marketplace call for a shop with a live access token: refreshed first when it is about to
 * expire (under a row lock, since Etsy rotates refresh tokens and two refreshes would clash). A
 * revoked grant marks the shop disconnected, which the seller sees on the dashboard.
 */
export async function withShopAccess<T>(
  ctx: AppContext,
  adapter: MarketplaceAdapter,
  shop: ShopRow,
  call: (access: ShopAccess) => Promise<T>,
): Promise<T> {
  if (shop.status !== 'connected')
    throw new GrantRevokedError(shop.statusReason ?? 'The shop is disconnected.');
  try {
    const accessToken = adapter.usesAccessTokens
      ? await freshAccessToken(ctx, adapter, shop.id)
      : null;
    return await call({ externalId: shop.externalId, accessToken });
  } catch (error) {
    if (error instanceof GrantRevokedError) await markDisconnected(ctx.db, shop.id, error.message);
    throw error;
  }
}

const REFRESH_LOCK_MS = 30_000;
const REFRESH_WAIT_MS = 250;

/**
 * An access token that is good for a while yet. Etsy rotates refresh tokens, so two workers
 * refreshing at once would lock the shop out: a short lease on the shop row lets one refresh while
 * the others wait and then read its result. No transaction is held across the HTTP call (the
 * embedded database has a single connection, which the call itself needs for its budget).
 */
async function freshAccessToken(
  ctx: AppContext,
  adapter: MarketplaceAdapter,
  shopId: string,
): Promise<string> {
  const deadline = Date.now() + REFRESH_LOCK_MS + 5_000;
  while (Date.now() < deadline) {
    const credentials = await currentCredentials(ctx, shopId);
    if (Date.parse(credentials.expiresAt) - ctx.clock.now().getTime() > REFRESH_MARGIN_MS) {
      return credentials.accessToken;
    }
    const now = new Date();
    const [claimed] = await ctx.db
      .update(shops)
      .set({ refreshLockedUntil: new Date(now.getTime() + REFRESH_LOCK_MS) })
      .where(
        and(
          eq(shops.id, shopId),
          or(isNull(shops.refreshLockedUntil), lt(shops.refreshLockedUntil, now)),
        ),
      )
      .returning({ id: shops.id });
    if (!claimed) {
      await new Promise((resolve) => setTimeout(resolve, REFRESH_WAIT_MS));
      continue;
    }
    try {
      // Another worker may have refreshed between our read and our claim.
      const latest = await currentCredentials(ctx, shopId);
      if (Date.parse(latest.expiresAt) - ctx.clock.now().getTime() > REFRESH_MARGIN_MS)
        return latest.accessToken;
      const renewed = await adapter.refreshCredentials(latest);
      await ctx.db
        .update(shops)
        .set({
          credentials: encryptSecret(JSON.stringify(renewed), ctx.config.appSecret),
          tokenExpiresAt: new Date(renewed.expiresAt),
        })
        .where(eq(shops.id, shopId));
      return renewed.accessToken;
    } finally {
      await ctx.db.update(shops).set({ refreshLockedUntil: null }).where(eq(shops.id, shopId));
    }
  }
  throw new Error('Timed out waiting for another worker to refresh the shop’s access token.');
}

async function currentCredentials(ctx: AppContext, shopId: string): Promise<Credentials> {
  const [row] = await ctx.db.select().from(shops).where(eq(shops.id, shopId));
  const credentials =
    row && row.status === 'connected' ? readCredentials(row, ctx.config.appSecret) : null;
  if (!credentials)
    throw new GrantRevokedError('The shop has no stored access. Please connect it again.');
  return credentials;
}
