import { orderEmailIdFromReturnPath } from '../buyer-email/return-path.ts';
import { RETURN_PATH_LABEL } from '../sending-domains/dns-records.ts';

/** The fixed address feedback loops that do not report to the return path send complaints to. */
export const FEEDBACK_LOOP_LOCAL_PART = 'fbl';

/**
 * return-path: a buyer email's signed VERP address (its bounces come back to it); feedback-loop:
 * fbl@ the bounce domain, where the order is read from the report itself.
 */
export type BounceRecipient =
  { kind: 'return-path'; orderEmailId: string } | { kind: 'feedback-loop' };

/**
 * Whom the listener takes mail for; null refuses the recipient (550), so the listener relays
 * nothing and is no open mailbox. A return path holds at the bounce domain or at the
 * `thankly-bounces.` label under a seller's domain (CNAMEd to ours), and only with a valid signature.
 */
export function bounceRecipient(
  address: string,
  settings: { bounceDomain: string; secrets: readonly string[] },
): BounceRecipient | null {
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  const local = address.slice(0, at).toLowerCase();
  const domain = address
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, '');
  const bounceDomain = settings.bounceDomain.toLowerCase();
  if (local === FEEDBACK_LOOP_LOCAL_PART && domain === bounceDomain)
    return { kind: 'feedback-loop' };
  if (domain !== bounceDomain && !domain.startsWith(`${RETURN_PATH_LABEL}.`)) return null;
  const orderEmailId = orderEmailIdFromReturnPath(address, settings.secrets);
  return orderEmailId ? { kind: 'return-path', orderEmailId } : null;
}
