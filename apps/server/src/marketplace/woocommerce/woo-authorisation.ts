import { CONNECT_MESSAGES, type WooAuthorize } from '@thankly/api-contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { createSecretToken, hashToken } from '../../auth/tokens.ts';
import { appSecretKeys } from '../../infrastructure/config/app-secret.ts';
import type { MarketplaceContext } from '../marketplace-context.ts';
import { oauthStates } from '../../infrastructure/db/schema.ts';
import { AppError } from '../../infrastructure/http/errors.ts';
import { decryptSecret, encryptSecret } from '../../infrastructure/crypto/credentials-crypto.ts';
import {
  STATE_TTL_MS,
  type ShopRow,
  assertShopSlotAvailable,
  findShopByExternalId,
} from '../shops-service.ts';
import { parseStorableJson } from '../../infrastructure/db/storable-text.ts';
import { WOO_API_MESSAGES, WooApiError } from './woo-api.ts';
import { connectWooStore, normaliseStoreUrl, wooApi } from './woo-service.ts';

/*
 * WooCommerce's application authorisation (its REST API "Authentication endpoint"): the seller is
 * sent to {store}/wc-auth/v1/authorize with an opaque `user_id` of ours; when they approve, the
 * store creates a REST API key and POSTs it to `callback_url` (it must answer 200, or the store
 * deletes the key and shows an error), then sends the browser to `return_url` with
 * `success=1&user_id=…` (`success=0` when they decline).
 *
 * Our `user_id` is a single-use state, bound to the seller and the store address they typed, that
 * lives ten minutes. The key that arrives is tried on the store once (one authenticated read) and
 * kept sealed on the state; the store is connected only when the browser of the seller who started
 * comes back, so an approval link that reaches someone else attaches nothing to the sender.
 */

export const WOO_APP_NAME = 'Thankly';
export const WOO_CALLBACK_PATH = '/api/woocommerce/callback';
export const WOO_RETURN_PATH = '/api/woocommerce/return';

/** State tokens are 32 random bytes in hex (createSecretToken). */
const stateSchema = z.string().regex(/^[0-9a-f]{64}$/);

/** The body WooCommerce POSTs to callback_url (WC_Auth::create_keys, sent as JSON). */
export const wooKeyDeliverySchema = z.object({
  key_id: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,19}$/)]),
  user_id: stateSchema,
  consumer_key: z.string().regex(/^ck_[A-Za-z0-9]{8,200}$/),
  consumer_secret: z.string().regex(/^cs_[A-Za-z0-9]{8,200}$/),
  key_permissions: z.enum(['read', 'write', 'read_write']),
});

const sealedKeysSchema = z.object({
  consumerKey: z.string().min(1),
  consumerSecret: z.string().min(1),
});

const WOO_MESSAGES_TEXT = new Set<string>(Object.values(WOO_API_MESSAGES));

const refused = (message: string) => new AppError('invalid', message);

/** Where the seller approves Thankly in their store, after the address and the plan allow it. */
export async function startWooAuthorisation(
  ctx: MarketplaceContext,
  userId: string,
  input: WooAuthorize,
): Promise<string> {
  const storeUrl = normaliseStoreUrl(input.storeUrl);
  await assertShopSlotAvailable(ctx, userId, { marketplace: 'woocommerce', externalId: storeUrl });
  const existing = await findShopByExternalId(ctx.db, 'woocommerce', storeUrl);
  if (existing && existing.userId !== userId)
    throw new AppError('conflict', CONNECT_MESSAGES.takenShop);
  try {
    // The same guard every call to the store passes: no private or loopback address in production.
    await wooApi(ctx).checkAddress(storeUrl);
  } catch (error) {
    if (error instanceof WooApiError) throw refused(error.message);
    throw error;
  }
  const state = createSecretToken();
  await ctx.db.insert(oauthStates).values({
    stateHash: hashToken(state),
    userId,
    marketplace: 'woocommerce',
    codeVerifier: '',
    shopDomain: storeUrl,
    expiresAt: new Date(ctx.clock.now().getTime() + STATE_TTL_MS),
  });
  const url = new URL(`${storeUrl}/wc-auth/v1/authorize`);
  url.search = new URLSearchParams({
    app_name: WOO_APP_NAME,
    scope: 'read_write',
    user_id: state,
    return_url: `${ctx.config.appUrl}${WOO_RETURN_PATH}`,
    callback_url: `${ctx.config.appUrl}${WOO_CALLBACK_PATH}`,
  }).toString();
  return url.toString();
}

/** A state still waiting for its key: unexpired, WooCommerce's, nothing received yet. */
const waitingFor = (ctx: MarketplaceContext, state: string) =>
  and(
    eq(oauthStates.stateHash, hashToken(state)),
    eq(oauthStates.marketplace, 'woocommerce'),
    gt(oauthStates.expiresAt, ctx.clock.now()),
    isNull(oauthStates.receivedKeys),
  );

/**
 * The store's POST of the key it created. Only for a live state that has received nothing yet,
 * only a Read/Write key, and only one that reads the store the seller named: anything else is
 * refused (the store then deletes the key) and nothing is kept.
 */
export async function receiveWooKey(ctx: MarketplaceContext, rawBody: Buffer): Promise<void> {
  let json: unknown;
  try {
    json = parseStorableJson(rawBody.toString('utf8'));
  } catch {
    throw refused('The key was not sent as JSON.');
  }
  const parsed = wooKeyDeliverySchema.safeParse(json);
  if (!parsed.success) throw refused('The key sent is incomplete.');
  const delivery = parsed.data;
  if (delivery.key_permissions !== 'read_write') throw refused('Thankly needs a Read/Write key.');

  const [waiting] = await ctx.db
    .select({ storeUrl: oauthStates.shopDomain })
    .from(oauthStates)
    .where(waitingFor(ctx, delivery.user_id));
  if (!waiting?.storeUrl) throw refused(CONNECT_MESSAGES.expired);

  const keys = { consumerKey: delivery.consumer_key, consumerSecret: delivery.consumer_secret };
  try {
    await wooApi(ctx).checkReadAccess(waiting.storeUrl, keys);
  } catch (error) {
    if (error instanceof WooApiError) throw refused(error.message);
    throw error;
  }
  const sealed = encryptSecret(JSON.stringify(keys), ctx.config.appSecret);
  const [kept] = await ctx.db
    .update(oauthStates)
    .set({ receivedKeys: sealed })
    .where(waitingFor(ctx, delivery.user_id))
    .returning({ stateHash: oauthStates.stateHash });
  // Another delivery for the same state got there first while this one was being tried.
  if (!kept) throw refused(CONNECT_MESSAGES.expired);
}

export const wooReturnSchema = z.object({ success: z.enum(['0', '1']), user_id: stateSchema });

export type WooReturnOutcome = { kind: 'connected'; shop: ShopRow } | { kind: 'sign-in' };

/**
 * The seller's browser back from the store. Declined: the state is spent (the seller's own only).
 * Approved: the state is spent, and in the browser of the seller who started, the store is
 * connected with the key it sent, as with a key entered by hand (webhooks created, key sealed).
 * Without a session the state is left for the seller to sign in and come back within its time.
 */
export async function finishWooAuthorisation(
  ctx: MarketplaceContext,
  query: unknown,
  sessionUserId: string | undefined,
): Promise<WooReturnOutcome> {
  const parsed = wooReturnSchema.safeParse(query);
  if (!parsed.success) throw refused(CONNECT_MESSAGES.incomplete);
  const { success, user_id: state } = parsed.data;
  const live = and(
    eq(oauthStates.stateHash, hashToken(state)),
    eq(oauthStates.marketplace, 'woocommerce'),
    gt(oauthStates.expiresAt, ctx.clock.now()),
  );
  if (!sessionUserId) {
    const [waiting] = await ctx.db
      .select({ userId: oauthStates.userId })
      .from(oauthStates)
      .where(live);
    if (!waiting)
      throw refused(success === '1' ? CONNECT_MESSAGES.expired : CONNECT_MESSAGES.wooDeclined);
    return { kind: 'sign-in' };
  }
  if (success === '0') {
    await ctx.db.delete(oauthStates).where(and(live, eq(oauthStates.userId, sessionUserId)));
    throw refused(CONNECT_MESSAGES.wooDeclined);
  }
  const [pending] = await ctx.db.delete(oauthStates).where(live).returning();
  if (!pending?.shopDomain) throw refused(CONNECT_MESSAGES.expired);
  if (pending.userId !== sessionUserId)
    throw new AppError('forbidden', CONNECT_MESSAGES.otherAccount);
  const keys = pending.receivedKeys
    ? sealedKeysSchema.safeParse(
        JSON.parse(decryptSecret(pending.receivedKeys, appSecretKeys(ctx.config))),
      )
    : null;
  if (!keys?.success) throw refused(CONNECT_MESSAGES.wooKeyMissing);
  try {
    const { shop } = await connectWooStore(ctx, pending.userId, {
      storeUrl: pending.shopDomain,
      ...keys.data,
    });
    return { kind: 'connected', shop };
  } catch (error) {
    // The store's trouble in our words; the plan's cap and a taken store are said as they are.
    if (error instanceof AppError && WOO_MESSAGES_TEXT.has(error.message))
      throw refused(CONNECT_MESSAGES.wooSetupFailed);
    throw error;
  }
}
