import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function keyFrom(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'thankly', 'marketplace-credentials', 32));
}

/** AES-256-GCM with a key derived from APP_SECRET: tokens at rest are useless without it. */
export function encryptSecret(plaintext: string, appSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(appSecret), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/**
 * Opens a value sealed by encryptSecret with any of `keys` (the current APP_SECRET, then those
 * being rotated out); throws when none opens it or it was tampered with.
 */
export function decryptSecret(sealed: string, keys: string | readonly string[]): string {
  for (const key of typeof keys === 'string' ? [keys] : keys) {
    try {
      return openWith(sealed, key);
    } catch {
      // Not this key: try the next.
    }
  }
  throw new Error('Unreadable sealed secret');
}

function openWith(sealed: string, appSecret: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new Error('Unreadable sealed secret');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    keyFrom(appSecret),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
