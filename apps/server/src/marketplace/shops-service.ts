import {
  CONNECT_MESSAGES,
  SHOP_NOT_FOUND,
  type Shop,
  getPlan,
  shopLimitMessage,
} from '@thankly/api-contract';
import { z } from 'zod';
import { and, asc, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { createSecretToken, hashToken } from '../auth/tokens.ts';
import { appSecretKeys } from '../infrastructure/config/app-secret.ts';
import type { MarketplaceContext } from './marketplace-context.ts';
import type { Database } from '../infrastructure/db/database.ts';
import { oauthStates, shops, users } from '../infrastructure/db/schema.ts';
import { AppError, notFound } from '../infrastructure/http/errors.ts';
import { decryptSecret, encryptSecret } from '../infrastructure/crypto/credentials-crypto.ts';
import {
  type ConnectedShopInfo,
  type Credentials,
  GrantRevokedError,
  type MarketplaceAdapter,
  type ShopAccess,
} from './marketplace-adapter.ts';
import { createPkcePair } from './pkce.ts';
import type { MarketplaceModule } from './marketplace-module.ts';
import { MARKETPLACE_MODULES } from './registry.ts';

export type ShopRow = typeof shops.$inferSelect;

/** How long a connect link lives, from Connect to the marketplace's answer. */
export const STATE_TTL_MS = 10 * 60 * 1000;
/** Refresh an access token this long before Etsy would expire it. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

/** Where a marketplace sends the seller back; the operator registers it with the marketplace. */
export function oauthRedirectUri(appUrl: string, marketplace: ShopRow['marketplace']): string {
  const { callbackPath }: MarketplaceModule = MARKETPLACE_MODULES[marketplace];
  if (!callbackPath) throw new Error(`${marketplace} shops are not connected through OAuth.`);
  return `${appUrl}${callbackPath}`;
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
    thankBy: row.thankBy,
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

const shopIdSchema = z.object({ id: z.uuid() });

/** The shop id of a route's params; a malformed one names no shop: the same 404 as a missing one. */
export function shopIdFrom(params: unknown): string {
  const parsed = shopIdSchema.safeParse(params);
  if (!parsed.success) throw notFound(SHOP_NOT_FOUND);
  return parsed.data.id;
}

export async function findShop(db: Database, userId: string, shopId: string): Promise<ShopRow> {
  const [row] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.userId, userId)));
  if (!row) throw notFound(SHOP_NOT_FOUND);
  return row;
}

/** A marketplace's shop by the marketplace's own id for it, whoever it belongs to. */
export async function findShopByExternalId(
  db: Database,
  marketplace: ShopRow['marketplace'],
  externalId: string,
): Promise<ShopRow | undefined> {
  const [row] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.marketplace, marketplace), eq(shops.externalId, externalId)));
  return row;
}

/** How the shop's buyers are thanked from now on; orders already decided stay as they were. */
export async function setThankBy(
  db: Database,
  shopId: string,
  thankBy: ShopRow['thankBy'],
): Promise<Shop> {
  const [row] = await db.update(shops).set({ thankBy }).where(eq(shops.id, shopId)).returning();
  if (!row) throw notFound(SHOP_NOT_FOUND);
  return toShop(row);
}

/** The shop's web address, as the seller corrected it: where its emails' links lead from now on. */
export async function setShopAddress(db: Database, shopId: string, url: string): Promise<Shop> {
  const [row] = await db.update(shops).set({ url }).where(eq(shops.id, shopId)).returning();
  if (!row) throw notFound(SHOP_NOT_FOUND);
  return toShop(row);
}

/** The database, or a transaction on it. */
type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Refuses (403) a shop that would take the seller past their plan's number of connected shops.
 * A shop already connected to the seller is no new slot: reconnecting it always works. Name the
 * shop when it is known (a Shopify domain, a store URL); with only its marketplace, any connected
 * shop there may be the one coming back, and the check that counts is the one when it is saved.
 * Pass a transaction that has locked the seller's row to make the check and the insert one step.
 */
export async function assertShopSlotAvailable(
  ctx: MarketplaceContext,
  userId: string,
  shop?: { marketplace: ShopRow['marketplace']; externalId?: string },
  db: Executor = ctx.db,
): Promise<void> {
  const [owner] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  if (!owner) throw notFound('Account not found.');
  const connected = await db
    .select({ marketplace: shops.marketplace, externalId: shops.externalId })
    .from(shops)
    .where(and(eq(shops.userId, userId), eq(shops.status, 'connected')));
  const isReconnect =
    shop !== undefined &&
    connected.some(
      (row) =>
        row.marketplace === shop.marketplace &&
        (shop.externalId === undefined || row.externalId === shop.externalId),
    );
  const plan = getPlan(owner.plan);
  if (!isReconnect && connected.length >= plan.shopLimit)
    throw new AppError('forbidden', shopLimitMessage(plan));
}

/** Starts OAuth 2.0 with PKCE: a single-use state bound to the seller, and the marketplace's URL. */
export async function startConnect(
  ctx: MarketplaceContext,
  adapter: MarketplaceAdapter,
  userId: string,
  shop?: string,
  /** The origin the marketplace sends the browser back to: APP_URL, or see http/browser-origin.ts. */
  origin: string = ctx.config.appUrl,
): Promise<string> {
  // Refused before the seller is sent to the marketplace, rather than after they approved.
  await assertShopSlotAvailable(ctx, userId, {
    marketplace: adapter.marketplace,
    externalId: shop,
  });
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
    redirectUri: oauthRedirectUri(origin, adapter.marketplace),
    shop,
  });
}

export const CONNECT_EXPIRED = CONNECT_MESSAGES.expired;
export const CONNECT_OTHER_ACCOUNT = CONNECT_MESSAGES.otherAccount;

/** What a marketplace's callback comes to: connected, or the browser must sign in first. */
export type ConnectOutcome = { kind: 'connected'; shop: ShopRow } | { kind: 'sign-in' };

/**
 * Finishes OAuth, only in the browser of the seller who started it: a consent link that reaches
 * someone else (phished, forwarded) must not attach their shop to the sender's account. With no
 * session the state is left unspent, so the seller can sign in and come back to the same URL
 * within its ten minutes; another account's session spends the state and attaches nothing.
 * Otherwise the state is spent (once, unexpired), the code exchanged, and the shop stored with its
 * tokens encrypted. Reconnecting a shop refreshes it; another seller's shop is refused.
 */
export async function completeConnect(
  ctx: MarketplaceContext,
  marketplaceOf: (marketplace: ShopRow['marketplace']) => MarketplaceAdapter | undefined,
  args: {
    state: string;
    code: string;
    sessionUserId: string | undefined;
    /** The shop the marketplace says it is coming back for (Shopify): must be the one asked for. */
    shop?: string;
    /** The origin the connect started from: the redirect URI must be the same one. */
    origin?: string;
  },
): Promise<ConnectOutcome> {
  const matching = and(
    eq(oauthStates.stateHash, hashToken(args.state)),
    gt(oauthStates.expiresAt, ctx.clock.now()),
    args.shop === undefined
      ? isNull(oauthStates.shopDomain)
      : eq(oauthStates.shopDomain, args.shop),
  );
  if (!args.sessionUserId) {
    const [waiting] = await ctx.db
      .select({ userId: oauthStates.userId })
      .from(oauthStates)
      .where(matching);
    if (!waiting) throw new AppError('invalid', CONNECT_EXPIRED);
    return { kind: 'sign-in' };
  }
  const [pending] = await ctx.db.delete(oauthStates).where(matching).returning();
  if (!pending) throw new AppError('invalid', CONNECT_EXPIRED);
  if (args.sessionUserId !== pending.userId) throw new AppError('forbidden', CONNECT_OTHER_ACCOUNT);
  const adapter = marketplaceOf(pending.marketplace);
  if (!adapter) throw new AppError('invalid', CONNECT_MESSAGES.unavailable);
  const info = await adapter.completeAuthorization({
    code: args.code,
    codeVerifier: pending.codeVerifier,
    redirectUri: oauthRedirectUri(args.origin ?? ctx.config.appUrl, adapter.marketplace),
    shop: pending.shopDomain ?? undefined,
  });
  return {
    kind: 'connected',
    shop: await saveConnectedShop(ctx, pending.userId, adapter.marketplace, info),
  };
}

/**
 * Where a browser without a session goes to sign in before a marketplace callback can finish:
 * the login page, which sends it back to `resumePath` afterwards.
 */
export function signInToResume(resumePath: string): string {
  return `/login?${new URLSearchParams({ next: resumePath })}`;
}

/**
 * Stores a shop the seller just connected, with its secrets encrypted. Reconnecting a shop
 * refreshes it; a shop already connected to another Thankly account is refused, and so is one
 * over the seller's plan. The seller's row is locked meanwhile, so two connects at once cannot
 * both take the last slot.
 */
export async function saveConnectedShop(
  ctx: MarketplaceContext,
  userId: string,
  marketplace: ShopRow['marketplace'],
  info: ConnectedShopInfo,
  options: {
    /** What to keep encrypted: the OAuth credentials unless the marketplace keeps more. */
    secrets?: unknown;
    /** The id a new shop gets, when the marketplace was told it before the shop was saved. */
    newShopId?: string;
  } = {},
): Promise<ShopRow> {
  const secrets = options.secrets ?? info.credentials;
  const sealed = secrets ? encryptSecret(JSON.stringify(secrets), ctx.config.appSecret) : null;
  const values = {
    name: info.name,
    url: info.url,
    status: 'connected' as const,
    statusReason: null,
    credentials: sealed,
    tokenExpiresAt: info.credentials ? new Date(info.credentials.expiresAt) : null,
    grantedScopes: info.scopes ? info.scopes.join(' ') : null,
  };
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [existing] = await tx
      .select()
      .from(shops)
      .where(and(eq(shops.marketplace, marketplace), eq(shops.externalId, info.externalId)));
    if (existing && existing.userId !== userId) {
      throw new AppError('conflict', CONNECT_MESSAGES.takenShop);
    }
    await assertShopSlotAvailable(ctx, userId, { marketplace, externalId: info.externalId }, tx);
    if (existing) {
      // A marketplace that tells no address leaves the one on record (perhaps the seller's own).
      const kept = { ...values, url: values.url ?? existing.url };
      const [row] = await tx.update(shops).set(kept).where(eq(shops.id, existing.id)).returning();
      return row!;
    }
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(shops)
      .values({
        ...values,
        ...(options.newShopId ? { id: options.newShopId } : {}),
        userId,
        marketplace,
        externalId: info.externalId,
        // The app's clock, not the database's: marketplace rules compare it with order times.
        connectedAt: now,
        // Orders from the moment of connecting on; earlier ones were never promised a thank-you.
        pollCursor: Math.floor(now.getTime() / 1000),
      })
      .returning();
    return row!;
  });
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
export function readShopSecrets(row: ShopRow, keys: readonly string[]): unknown {
  return row.credentials ? JSON.parse(decryptSecret(row.credentials, keys)) : null;
}

function readCredentials(row: ShopRow, keys: readonly string[]): Credentials | null {
  return row.credentials ? (JSON.parse(decryptSecret(row.credentials, keys)) as Credentials) : null;
}

/**
 * After an APP_SECRET rotation, seals again with the current secret every shop's credentials that
 * only a previous secret opens, so the previous one can be dropped. Returns how many it resealed.
 */
export async function resealShopCredentials(
  ctx: Pick<MarketplaceContext, 'db' | 'config'>,
): Promise<number> {
  const { appSecret, previousAppSecrets } = ctx.config;
  if (previousAppSecrets.length === 0) return 0;
  const rows = await ctx.db
    .select({ id: shops.id, credentials: shops.credentials })
    .from(shops)
    .where(isNotNull(shops.credentials));
  let resealed = 0;
  for (const row of rows) {
    const sealed = row.credentials!;
    try {
      decryptSecret(sealed, appSecret);
      continue;
    } catch {
      // Sealed with a previous secret (or unreadable): reseal below if a previous one opens it.
    }
    let plaintext: string;
    try {
      plaintext = decryptSecret(sealed, previousAppSecrets);
    } catch {
      continue;
    }
    // Only if nobody changed the row meanwhile (a token refresh writes fresh credentials).
    const updated = await ctx.db
      .update(shops)
      .set({ credentials: encryptSecret(plaintext, appSecret) })
      .where(and(eq(shops.id, row.id), eq(shops.credentials, sealed)))
      .returning({ id: shops.id });
    resealed += updated.length;
  }
  return resealed;
}

/**
 * Runs a marketplace call for a shop with a live access token: refreshed first when it is about to
 * expire (under a row lock, since Etsy rotates refresh tokens and two refreshes would clash). A
 * revoked grant marks the shop disconnected, which the seller sees on the dashboard.
 */
export async function withShopAccess<T>(
  ctx: MarketplaceContext,
  adapter: MarketplaceAdapter,
  shop: ShopRow,
  call: (access: ShopAccess) => Promise<T>,
): Promise<T> {
  if (shop.status !== 'connected')
    throw new GrantRevokedError(shop.statusReason ?? 'The shop is disconnected.');
  let accessToken: string | null = null;
  try {
    accessToken = adapter.usesAccessTokens
      ? (unrotatableToken(ctx, shop) ?? (await freshAccessToken(ctx, adapter, shop.id)))
      : null;
    try {
      return await call({ externalId: shop.externalId, accessToken });
    } catch (error) {
      // Refused with a token another call has rotated meanwhile (Etsy ends the old token with
      // the refresh): not a revocation. Once more with the shop's current token.
      if (!(error instanceof GrantRevokedError) || !accessToken) throw error;
      const current = await freshAccessToken(ctx, adapter, shop.id, accessToken);
      if (current === accessToken) throw error;
      return await call({ externalId: shop.externalId, accessToken: current });
    }
  } catch (error) {
    if (error instanceof GrantRevokedError) await markDisconnected(ctx.db, shop.id, error.message);
    throw error;
  }
}

/**
 * The access token of the row in hand, when nothing can have replaced it since it was read: a
 * token without a refresh token is never rotated (Shopify's offline tokens), so while it is good
 * for a while yet, reading the row again would only find the same one. Saves every webhook a
 * round trip. Anything else takes the locked path.
 */
function unrotatableToken(ctx: MarketplaceContext, shop: ShopRow): string | null {
  const credentials = readCredentials(shop, appSecretKeys(ctx.config));
  if (!credentials || credentials.refreshToken) return null;
  const isFresh = Date.parse(credentials.expiresAt) - ctx.clock.now().getTime() > REFRESH_MARGIN_MS;
  return isFresh ? credentials.accessToken : null;
}

const REFRESH_LOCK_MS = 30_000;
const REFRESH_WAIT_MS = 250;

/**
 * An access token that is good for a while yet. Etsy rotates refresh tokens, so two workers
 * refreshing at once would lock the shop out: a short lease on the shop row lets one refresh while
 * the others wait and then read its result. No transaction is held across the HTTP call (the
 * embedded database has a single connection, which the call itself needs for its budget).
 *
 * A token other than the one this call began with (`seen`, by default the first one it reads) was
 * renewed by another call meanwhile: it is taken as it is. Renewing it again would end it (Etsy
 * ends the old token with each refresh) while that other call is still using it.
 */
async function freshAccessToken(
  ctx: MarketplaceContext,
  adapter: MarketplaceAdapter,
  shopId: string,
  seenToken?: string,
): Promise<string> {
  let seen = seenToken;
  // How long this worker waits is real time (it sleeps between looks), whatever the app's clock says.
  const deadline = performance.now() + REFRESH_LOCK_MS + 5_000;
  while (performance.now() < deadline) {
    const credentials = await currentCredentials(ctx, shopId);
    seen ??= credentials.accessToken;
    const isFresh =
      Date.parse(credentials.expiresAt) - ctx.clock.now().getTime() > REFRESH_MARGIN_MS;
    if (isFresh || credentials.accessToken !== seen) return credentials.accessToken;
    const now = ctx.clock.now();
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
      if (
        latest.accessToken !== seen ||
        Date.parse(latest.expiresAt) - ctx.clock.now().getTime() > REFRESH_MARGIN_MS
      )
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

async function currentCredentials(ctx: MarketplaceContext, shopId: string): Promise<Credentials> {
  const [row] = await ctx.db.select().from(shops).where(eq(shops.id, shopId));
  const credentials =
    row && row.status === 'connected' ? readCredentials(row, appSecretKeys(ctx.config)) : null;
  if (!credentials)
    throw new GrantRevokedError('The shop has no stored access. Please connect it again.');
  return credentials;
}
