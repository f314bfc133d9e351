import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { platformDkimKeys, sendingDomains } from '../infrastructure/db/schema.ts';
import { decryptSecret, encryptSecret } from '../infrastructure/crypto/credentials-crypto.ts';

/**
 * After an APP_SECRET rotation, seals again with the current secret every DKIM key that only a
 * previous secret opens (sellers' and Thankly's own generated one), so the previous one can be
 * dropped without breaking signing. Returns how many it resealed. (Shop credentials get the same
 * in resealShopCredentials.)
 */
export async function resealDkimKeys(ctx: Pick<AppContext, 'db' | 'config'>): Promise<number> {
  const { appSecret, previousAppSecrets } = ctx.config;
  if (previousAppSecrets.length === 0) return 0;
  const rows = await ctx.db
    .select({ id: sendingDomains.id, sealed: sendingDomains.dkimPrivateKey })
    .from(sendingDomains);
  let resealed = 0;
  for (const { id, sealed } of rows) {
    const privateKey = openedOnlyByPrevious(sealed, appSecret, previousAppSecrets);
    if (privateKey === null) continue;
    const updated = await ctx.db
      .update(sendingDomains)
      .set({ dkimPrivateKey: encryptSecret(privateKey, appSecret) })
      .where(and(eq(sendingDomains.id, id), eq(sendingDomains.dkimPrivateKey, sealed)))
      .returning({ id: sendingDomains.id });
    resealed += updated.length;
  }
  const platformKeys = await ctx.db
    .select({ domain: platformDkimKeys.domain, sealed: platformDkimKeys.privateKey })
    .from(platformDkimKeys);
  for (const { domain, sealed } of platformKeys) {
    const privateKey = openedOnlyByPrevious(sealed, appSecret, previousAppSecrets);
    if (privateKey === null) continue;
    const updated = await ctx.db
      .update(platformDkimKeys)
      .set({ privateKey: encryptSecret(privateKey, appSecret) })
      .where(and(eq(platformDkimKeys.domain, domain), eq(platformDkimKeys.privateKey, sealed)))
      .returning({ domain: platformDkimKeys.domain });
    resealed += updated.length;
  }
  return resealed;
}

/** The plaintext when a previous secret (and not the current one) opens it; otherwise null. */
function openedOnlyByPrevious(
  sealed: string,
  current: string,
  previous: readonly string[],
): string | null {
  try {
    decryptSecret(sealed, current);
    return null;
  } catch {
    // Not the current secret's: one of the previous ones may open it.
  }
  try {
    return decryptSecret(sealed, previous);
  } catch {
    return null;
  }
}
