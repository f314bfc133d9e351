import { z } from 'zod';

/** RFC 5321's limit on a forward path; longer is not an address a relay will take. */
const MAX_ADDRESS_LENGTH = 254;

/** zod's address rule: one local part, one @, one dotted domain; no quotes, names or lists. */
const singleAddress = z.email().max(MAX_ADDRESS_LENGTH);

/** Why a buyer address was refused, in fixed words (never the address itself). */
export type AddressProblem =
  | 'several addresses'
  | 'a display name'
  | 'control characters'
  | 'spaces'
  | 'too long'
  | 'not an address';

export type BuyerAddress = { ok: true; address: string } | { ok: false; problem: AddressProblem };

/**
 * The one mailbox an order's thank-you may go to. A marketplace field is text from whoever placed
 * or forged the order: a list ("a@x, b@y"), a display name ("Eve <a@x>") or a line break would
 * make the mail library address several people, or add headers, for the price of one email.
 * Only spaces around the address are forgiven.
 */
export function buyerAddress(raw: string): BuyerAddress {
  const value = raw.replace(/^ +| +$/g, '');
  if (value.length > MAX_ADDRESS_LENGTH) return { ok: false, problem: 'too long' };
  // eslint-disable-next-line no-control-regex -- control characters are what is being refused
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u.test(value))
    return { ok: false, problem: 'control characters' };
  if (/[<>"]/.test(value)) return { ok: false, problem: 'a display name' };
  if (/[,;]/.test(value) || value.split('@').length > 2)
    return { ok: false, problem: 'several addresses' };
  if (/\s/u.test(value)) return { ok: false, problem: 'spaces' };
  const parsed = singleAddress.safeParse(value);
  return parsed.success
    ? { ok: true, address: parsed.data.toLowerCase() }
    : { ok: false, problem: 'not an address' };
}
