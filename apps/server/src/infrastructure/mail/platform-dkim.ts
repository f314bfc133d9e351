// Thankly's own DKIM key: it signs every message From MAIL_FROM's domain (buyer emails of sellers
// without a verified domain of their own, and the product's own mail), so DMARC passes on DKIM
// whatever the relay does.
import { createHash, generateKeyPair } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { appSecretKeys } from '../config/app-secret.ts';
import { dkimPublicKeyOf, readDkimPrivateKey } from '../config/dkim-key-field.ts';
import { type Config, mailDomain } from '../config/env.ts';
import type { Database } from '../db/database.ts';
import { platformDkimKeys } from '../db/schema.ts';
import { decryptSecret, encryptSecret } from '../crypto/credentials-crypto.ts';
import type { DkimKey } from './dkim-signature.ts';

const generate = promisify(generateKeyPair);

/**
 * Where Thankly kept the generated key before it moved to the database: read once, so the record
 * an operator already published for it keeps working.
 */
export const LEGACY_KEY_FILE = 'dkim-private-key.pem';

export interface PlatformDkim {
  key: DkimKey;
  /** The record to publish: TXT at `name`, with `value`. */
  record: { name: string; value: string };
  /** True when the key was made by Thankly (no DKIM_PRIVATE_KEY): it lives in the database. */
  generated: boolean;
}

type Secrets = { appSecret: string; previousAppSecrets: readonly string[] };

/**
 * DKIM_PRIVATE_KEY with DKIM_SELECTOR when set; otherwise a 2048-bit key made once for MAIL_FROM's
 * domain and kept in the database, sealed with APP_SECRET, so every process (API and workers,
 * wherever their DATA_DIR) signs with the same key. Its selector is named after the key itself
 * (`thankly-<8 hex of its public key's hash>`), so a new key is a new DNS name and never breaks
 * the one published for the old key.
 */
export async function resolvePlatformDkim(
  config: Pick<Config, 'mailFrom' | 'dataDir'> & {
    deliverability: Pick<Config['deliverability'], 'platformDkim'>;
  },
  db: Database,
  secrets: Secrets,
): Promise<PlatformDkim> {
  const domainName = mailDomain(config.mailFrom) ?? 'thankly.local';
  const configured = config.deliverability.platformDkim;
  const { privateKey, selector: keySelector } =
    configured ?? (await keptKey(db, domainName, config.dataDir, secrets));
  const publicKey = dkimPublicKeyOf(privateKey);
  return {
    key: { domainName, keySelector, privateKey },
    record: {
      name: `${keySelector}._domainkey.${domainName}`,
      value: `v=DKIM1; k=rsa; p=${publicKey}`,
    },
    generated: configured === undefined,
  };
}

/** `thankly-<8 hex of the public key's SHA-256>`: a new key always gets a new DNS name. */
export function selectorFor(privateKeyPem: string): string {
  const publicKey = dkimPublicKeyOf(privateKeyPem);
  return `thankly-${createHash('sha256').update(publicKey).digest('hex').slice(0, 8)}`;
}

/**
 * The domain's key from the database, made first if there is none. Processes starting together
 * may each make one; the insert keeps the first and every process reads back that one.
 */
async function keptKey(
  db: Database,
  domain: string,
  dataDir: string,
  secrets: Secrets,
): Promise<{ privateKey: string; selector: string }> {
  const stored = await storedKey(db, domain, secrets);
  if (stored) return stored;
  const privateKey = (await legacyKey(dataDir)) ?? (await newKey());
  await db
    .insert(platformDkimKeys)
    .values({
      domain,
      selector: selectorFor(privateKey),
      privateKey: encryptSecret(privateKey, secrets.appSecret),
    })
    .onConflictDoNothing();
  const kept = await storedKey(db, domain, secrets);
  if (!kept) throw new Error(`the DKIM key for ${domain} was neither found nor stored`);
  return kept;
}

async function storedKey(db: Database, domain: string, secrets: Secrets) {
  const [row] = await db.select().from(platformDkimKeys).where(eq(platformDkimKeys.domain, domain));
  if (!row) return undefined;
  let privateKey: string;
  try {
    privateKey = decryptSecret(row.privateKey, appSecretKeys(secrets));
  } catch {
    // Making a new key here would change the published record behind the operator's back, and
    // processes with different secrets would take turns replacing it: stop and say what to do.
    throw new Error(
      `The DKIM key Thankly keeps for ${domain} was sealed with another APP_SECRET. Set APP_SECRET_PREVIOUS to the secret it was made with, or set DKIM_PRIVATE_KEY and DKIM_SELECTOR (see docs/operating.md, Deliverability).`,
    );
  }
  return { privateKey, selector: row.selector };
}

async function legacyKey(dataDir: string): Promise<string | undefined> {
  try {
    return readDkimPrivateKey(await readFile(path.join(dataDir, LEGACY_KEY_FILE), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function newKey(): Promise<string> {
  const { privateKey } = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return privateKey;
}

/** The address's domain, lower-cased: "Name <a@b.c>", "a@b.c" or nodemailer's { address }. */
export function fromDomain(from: string | { address: string }): string | undefined {
  return mailDomain(typeof from === 'string' ? from : from.address);
}
