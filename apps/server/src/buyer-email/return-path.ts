import type { ResolvedConfig } from '../context.ts';
import { RETURN_PATH_LABEL } from '../sending-domains/dns-records.ts';
import { isSignedOrderEmail, orderEmailSignature, uuidFromHex } from './order-signature.ts';

/**
 * Every buyer email's envelope sender names the email it belongs to (VERP): a bounce addressed back
 * to it tells which order bounced without parsing the returned message. The id is signed, so a
 * forged bounce cannot suppress addresses for another order.
 *
 *   bounces+<order email id, 32 hex>.<signature, 16 hex>@<bounce domain>
 */
const LOCAL_PREFIX = 'bounces+';

/**
 * The domain of a buyer email's envelope sender. With the return-path record, bounces come back
 * through the seller's own domain (a CNAME to ours), so SPF passes aligned with their From;
 * otherwise to the bounce domain directly. A seller's test email uses the same one.
 */
export function returnPathDomain(
  config: Pick<ResolvedConfig, 'deliverability'>,
  senderDomain: string | undefined,
): string {
  return senderDomain && config.deliverability.spfMode === 'return-path'
    ? `${RETURN_PATH_LABEL}.${senderDomain}`
    : config.deliverability.bounceDomain;
}

/** The return path for one order's email, at `domain` (the bounce domain or the seller's label). */
export function returnPathFor(orderEmailId: string, secret: string, domain: string): string {
  const id = orderEmailId.replace(/-/g, '').toLowerCase();
  return `${LOCAL_PREFIX}${id}.${orderEmailSignature('return-path', orderEmailId, secret)}@${domain}`;
}

/**
 * The order email a return path was made for, or null when it is not one of ours or its signature
 * does not hold under any of `secrets` (the current APP_SECRET, then those being rotated out).
 */
export function orderEmailIdFromReturnPath(
  address: string,
  secrets: readonly string[],
): string | null {
  const local = address.trim().toLowerCase().split('@')[0] ?? '';
  const match = /^bounces\+([0-9a-f]{32})\.([0-9a-f]{16})$/.exec(local);
  if (!match) return null;
  const id = uuidFromHex(match[1]!);
  return isSignedOrderEmail('return-path', id, match[2]!, secrets) ? id : null;
}
