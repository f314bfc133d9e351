import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

const generate = promisify(generateKeyPair);

/** Selectors are ours; the random part keeps two sellers who claim one domain on different names. */
const SELECTOR_PREFIX = 'thankly-';

export interface DkimKeyPair {
  /** PKCS#8 PEM, as nodemailer's DKIM signer takes it. Seal it before it is stored. */
  privateKeyPem: string;
  /** Base64 DER SubjectPublicKeyInfo: the p= tag of the DKIM record. */
  publicKey: string;
}

/** RSA-2048: what every large mailbox provider verifies, and short enough for one TXT record. */
export async function createDkimKeyPair(): Promise<DkimKeyPair> {
  const { privateKey, publicKey } = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKey: publicKey.toString('base64') };
}

export function createDkimSelector(): string {
  return `${SELECTOR_PREFIX}${randomBytes(4).toString('hex')}`;
}
