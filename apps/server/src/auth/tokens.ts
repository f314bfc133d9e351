import { createHash, randomBytes } from 'node:crypto';

/** A secret for a cookie or a link: 32 random bytes as 64 hexadecimal characters. */
export function createSecretToken(): string {
  return randomBytes(32).toString('hex');
}

/** What the database keeps instead of the secret itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
