import { createPrivateKey, createPublicKey } from 'node:crypto';
import { z } from 'zod';
import { optionalText } from './env-fields.ts';

/** Receivers ignore shorter RSA keys (RFC 8301 §3.2); 2048 is what to make. */
const MINIMUM_RSA_BITS = 1024;

/**
 * The private key as the signer takes it (PKCS#8 PEM), from what an operator can put in one
 * environment variable: a PEM (PKCS#8 or PKCS#1) with real line breaks or `\n` escapes, or the
 * base64 of a PKCS#8 DER key. Throws with the reason a key cannot sign.
 */
export function readDkimPrivateKey(value: string): string {
  const pem = value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : undefined;
  let key;
  try {
    key = pem
      ? createPrivateKey(pem)
      : createPrivateKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error(
      'DKIM_PRIVATE_KEY is not a private key: give a PEM ("-----BEGIN PRIVATE KEY-----…", line breaks as \\n) or the base64 of a PKCS#8 DER key',
    );
  }
  if (key.asymmetricKeyType !== 'rsa')
    throw new Error(
      `DKIM_PRIVATE_KEY must be an RSA key (every mailbox provider verifies rsa-sha256); got ${key.asymmetricKeyType ?? 'an unknown type'}`,
    );
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MINIMUM_RSA_BITS)
    throw new Error(
      `DKIM_PRIVATE_KEY has ${bits} bits; receivers ignore RSA keys under ${MINIMUM_RSA_BITS} (make one of 2048)`,
    );
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** The p= value of a key's DKIM record: base64 DER SubjectPublicKeyInfo. */
export function dkimPublicKeyOf(privateKeyPem: string): string {
  return createPublicKey(privateKeyPem).export({ type: 'spki', format: 'der' }).toString('base64');
}

/** A selector is one or more DNS labels (RFC 6376 §3.1): letters, digits, hyphens, dots between. */
const SELECTOR = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/i;

export const dkimEnvFields = {
  /** Thankly's own DKIM key for MAIL_FROM's domain; unset: one is made once and kept in DATA_DIR. */
  DKIM_PRIVATE_KEY: optionalText.transform((value, ctx) => {
    if (value === undefined) return undefined;
    try {
      return readDkimPrivateKey(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  /** The name DKIM_PRIVATE_KEY's public key is published under: <selector>._domainkey.<domain>. */
  DKIM_SELECTOR: optionalText.refine(
    (value) => value === undefined || SELECTOR.test(value),
    'DKIM_SELECTOR must be a DNS name part: letters, digits and hyphens (e.g. thankly2026)',
  ),
};
