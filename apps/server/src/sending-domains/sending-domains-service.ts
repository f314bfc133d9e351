import { and, asc, desc, eq } from 'drizzle-orm';
import {
  SENDING_DOMAIN_NOT_FOUND,
  type AddSendingDomain,
  type LinkDomain,
  MAX_SENDING_DOMAINS,
  type PlanId,
  type SendingDomain,
  sellerHasPaidFeatures,
} from '@thankly/api-contract';
import type { ResolvedConfig } from '../infrastructure/config/app-secret.ts';
import type { AppContext } from '../context.ts';
import { type Database, UNIQUE_VIOLATION, pgErrorCode } from '../infrastructure/db/database.ts';
import { sendingDomains, users } from '../infrastructure/db/schema.ts';
import { AppError, notFound } from '../infrastructure/http/errors.ts';
import { appSecretKeys } from '../infrastructure/config/app-secret.ts';
import { decryptSecret, encryptSecret } from '../infrastructure/crypto/credentials-crypto.ts';
import { createDkimKeyPair, createDkimSelector } from './dkim-keys.ts';
import {
  type RecordSettings,
  currentRecords,
  expectedLinkRecord,
  expectedRecords,
} from './dns-records.ts';

export type SendingDomainRow = typeof sendingDomains.$inferSelect;

export const SENDING_DOMAIN_MESSAGES = {
  notFound: SENDING_DOMAIN_NOT_FOUND,
  needsPaidPlan:
    "Sending from your own domain comes with the Growth and Business plans. Upgrade to add one; until then, emails go from Thankly's address with your shop's name.",
  duplicate: 'You have already added this domain.',
  limitReached: `You can add up to ${MAX_SENDING_DOMAINS} sending domains. Remove one you no longer use to add another.`,
} as const;

/** A seller's own domain, verified, as a buyer email is sent from it. */
export interface VerifiedSenderDomain {
  domain: string;
  localPart: string;
  dkimSelector: string;
  dkimPrivateKey: string;
  /** Its verified link host: tracked links and the open pixel go there instead of APP_URL. */
  linkHost?: string | null | undefined;
}

/** The host sellers' link subdomains point their CNAME at: LINK_HOST, else APP_URL's host. */
export function linkTarget(config: Pick<ResolvedConfig, 'appUrl' | 'deliverability'>): string {
  return config.deliverability.linkHost ?? new URL(config.appUrl).hostname;
}

/** What the records a seller is shown depend on, from the operator's settings. */
export function recordSettings(
  config: Pick<ResolvedConfig, 'deliverability' | 'supportEmail' | 'appUrl'>,
): RecordSettings & { linkTarget: string } {
  const { spfMode, spfInclude, bounceDomain } = config.deliverability;
  return {
    spfMode,
    spfInclude,
    bounceDomain,
    supportEmail: config.supportEmail,
    linkTarget: linkTarget(config),
  };
}

export function toSendingDomain(
  row: SendingDomainRow,
  settings: RecordSettings & { linkTarget: string },
): SendingDomain {
  return {
    id: row.id,
    domain: row.domain,
    localPart: row.localPart,
    fromAddress: `${row.localPart}@${row.domain}`,
    status: row.status,
    records: currentRecords(row, settings, row.records),
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    linkDomain: toLinkDomain(row, settings.linkTarget),
  };
}

/** The link host as the seller sees it, or null when they have none. */
function toLinkDomain(row: SendingDomainRow, target: string): LinkDomain | null {
  if (!row.linkHost || !row.linkStatus) return null;
  const expected = expectedLinkRecord(row.linkHost, target);
  // The operator may have changed LINK_HOST since the last check: then the record shown is new.
  const found = row.linkRecords.find(
    (record) => record.name === expected.name && record.value === expected.value,
  );
  return {
    host: row.linkHost,
    status: row.linkStatus,
    record: found ?? expected,
    lastCheckedAt: row.linkCheckedAt?.toISOString() ?? null,
    verifiedAt: row.linkVerifiedAt?.toISOString() ?? null,
  };
}

export function mayUseOwnDomains(plan: PlanId): boolean {
  return sellerHasPaidFeatures(plan);
}

/** A verified sending domain as stored: its private key is opened only when the email is composed. */
export interface SealedSenderDomain {
  domain: string;
  localPart: string;
  dkimSelector: string;
  dkimPrivateKey: string;
  /** The seller's verified link host under this domain, for tracked links and the pixel. */
  linkHost?: string | null;
}

/** A verified domain as stored, with its DKIM key opened for signing. */
export function openSenderDomain(
  sealed: SealedSenderDomain,
  config: Pick<ResolvedConfig, 'appSecret' | 'previousAppSecrets'>,
): VerifiedSenderDomain {
  return { ...sealed, dkimPrivateKey: decryptSecret(sealed.dkimPrivateKey, appSecretKeys(config)) };
}

/**
 * The domain the seller's mail goes From, ready to sign with: the one verified last, while their
 * plan includes own domains. The same choice decide-order.ts makes for buyer emails, for mail
 * composed outside the sender (the seller's test email).
 */
export async function verifiedSenderDomain(
  ctx: Pick<AppContext, 'db' | 'config'>,
  seller: { id: string; plan: PlanId },
): Promise<VerifiedSenderDomain | undefined> {
  if (!mayUseOwnDomains(seller.plan)) return undefined;
  const [row] = await ctx.db
    .select({
      domain: sendingDomains.domain,
      localPart: sendingDomains.localPart,
      dkimSelector: sendingDomains.dkimSelector,
      dkimPrivateKey: sendingDomains.dkimPrivateKey,
    })
    .from(sendingDomains)
    .where(and(eq(sendingDomains.userId, seller.id), eq(sendingDomains.status, 'verified')))
    .orderBy(desc(sendingDomains.verifiedAt))
    .limit(1);
  return row ? openSenderDomain(row, ctx.config) : undefined;
}

export async function listSendingDomains(db: Database, userId: string) {
  return db
    .select()
    .from(sendingDomains)
    .where(eq(sendingDomains.userId, userId))
    .orderBy(asc(sendingDomains.createdAt), asc(sendingDomains.domain));
}

/** The seller's own domain by id; anyone else's is not found, the same as a missing one. */
export async function findSendingDomain(
  db: Database,
  userId: string,
  id: string,
): Promise<SendingDomainRow> {
  const [row] = await db
    .select()
    .from(sendingDomains)
    .where(and(eq(sendingDomains.id, id), eq(sendingDomains.userId, userId)));
  if (!row) throw notFound(SENDING_DOMAIN_MESSAGES.notFound);
  return row;
}

/**
 * A new domain with its own DKIM key, its records shown at once (not looked up yet). The plan and
 * the limit are checked again under the seller's lock, so two adds at once cannot pass both.
 */
export async function addSendingDomain(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  seller: { id: string; plan: PlanId },
  input: AddSendingDomain,
): Promise<SendingDomainRow> {
  // Refused before the key is made: making one costs real CPU.
  if (!mayUseOwnDomains(seller.plan))
    throw new AppError('forbidden', SENDING_DOMAIN_MESSAGES.needsPaidPlan);
  const keys = await createDkimKeyPair();
  const key = {
    domain: input.domain,
    dkimSelector: createDkimSelector(),
    dkimPublicKey: keys.publicKey,
  };
  try {
    return await ctx.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ plan: users.plan })
        .from(users)
        .where(eq(users.id, seller.id))
        .for('update');
      if (!locked || !mayUseOwnDomains(locked.plan))
        throw new AppError('forbidden', SENDING_DOMAIN_MESSAGES.needsPaidPlan);
      const held = await tx
        .select({ domain: sendingDomains.domain })
        .from(sendingDomains)
        .where(eq(sendingDomains.userId, seller.id));
      if (held.some((row) => row.domain === input.domain))
        throw new AppError('conflict', SENDING_DOMAIN_MESSAGES.duplicate);
      if (held.length >= MAX_SENDING_DOMAINS)
        throw new AppError('conflict', SENDING_DOMAIN_MESSAGES.limitReached);
      const [row] = await tx
        .insert(sendingDomains)
        .values({
          ...key,
          userId: seller.id,
          localPart: input.localPart,
          dkimPrivateKey: encryptSecret(keys.privateKeyPem, ctx.config.appSecret),
          records: expectedRecords(key, recordSettings(ctx.config)),
          createdAt: ctx.clock.now(),
        })
        .returning();
      return row!;
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION)
      throw new AppError('conflict', SENDING_DOMAIN_MESSAGES.duplicate);
    throw error;
  }
}

/** A new From name changes nothing DNS checks: the domain stays as verified as it was. */
export async function updateSendingDomain(
  db: Database,
  userId: string,
  id: string,
  localPart: string,
): Promise<SendingDomainRow> {
  const [row] = await db
    .update(sendingDomains)
    .set({ localPart })
    .where(and(eq(sendingDomains.id, id), eq(sendingDomains.userId, userId)))
    .returning();
  if (!row) throw notFound(SENDING_DOMAIN_MESSAGES.notFound);
  return row;
}

export async function removeSendingDomain(db: Database, userId: string, id: string) {
  const removed = await db
    .delete(sendingDomains)
    .where(and(eq(sendingDomains.id, id), eq(sendingDomains.userId, userId)))
    .returning({ id: sendingDomains.id });
  if (removed.length === 0) throw notFound(SENDING_DOMAIN_MESSAGES.notFound);
}
