// Thankly's own DKIM key: it signs every message From MAIL_FROM's domain (buyer emails of sellers
// without a verified domain of their own, and the product's own mail), so DMARC passes on DKIM
// whatever the relay does.
import { createHash, generateKeyPair } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { dkimPublicKeyOf, readDkimPrivateKey } from '../config/dkim-key-field.ts';
import { type Config, mailDomain } from '../config/env.ts';
import type { DkimKey } from './dkim-signature.ts';

const generate = promisify(generateKeyPair);

/** Kept beside `app-secret` in DATA_DIR, readable by the server's user only. */
export const GENERATED_KEY_FILE = 'dkim-private-key.pem';

export interface PlatformDkim {
  key: DkimKey;
  /** The record to publish: TXT at `name`, with `value`. */
  record: { name: string; value: string };
  /** True when the key was made here (no DKIM_PRIVATE_KEY): it lives in DATA_DIR. */
  generated: boolean;
}

/**
 * DKIM_PRIVATE_KEY with DKIM_SELECTOR when set; otherwise a 2048-bit key made once and kept in
 * DATA_DIR, under a selector named after the key itself (`thankly-<8 hex of its public key's
 * hash>`), so a new key is a new DNS name and never breaks the one published for the old key.
 */
export async function resolvePlatformDkim(
  config: Pick<Config, 'mailFrom' | 'dataDir'> & {
    deliverability: Pick<Config['deliverability'], 'platformDkim'>;
  },
): Promise<PlatformDkim> {
  const domainName = mailDomain(config.mailFrom) ?? 'thankly.local';
  const configured = config.deliverability.platformDkim;
  const privateKey = configured?.privateKey ?? (await keptKey(config.dataDir));
  const publicKey = dkimPublicKeyOf(privateKey);
  const keySelector =
    configured?.selector ??
    `thankly-${createHash('sha256').update(publicKey).digest('hex').slice(0, 8)}`;
  return {
    key: { domainName, keySelector, privateKey },
    record: {
      name: `${keySelector}._domainkey.${domainName}`,
      value: `v=DKIM1; k=rsa; p=${publicKey}`,
    },
    generated: configured === undefined,
  };
}

async function keptKey(dataDir: string): Promise<string> {
  const file = path.join(dataDir, GENERATED_KEY_FILE);
  try {
    return readDkimPrivateKey(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const { privateKey } = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  // 'wx' fails if another process wrote it first; then theirs wins and we read it back.
  try {
    await writeFile(file, privateKey, { flag: 'wx', mode: 0o600 });
    return privateKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readDkimPrivateKey(await readFile(file, 'utf8'));
  }
}

/** The address's domain, lower-cased: "Name <a@b.c>", "a@b.c" or nodemailer's { address }. */
export function fromDomain(from: string | { address: string }): string | undefined {
  return mailDomain(typeof from === 'string' ? from : from.address);
}
