import { isSignedOrderEmail, orderEmailSignature } from './order-signature.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** `order-<id>.<signature>@host`; emails sent before Message-IDs were signed lack `.<signature>`. */
const ORDER_ID = `order-(${UUID})(?:\\.([0-9a-f]{16}))?@[^<>\\s]+`;

/**
 * Every buyer email goes out as `<order-<id>.<signature>@<app host>>`: the id lets a report that
 * quotes only the returned headers name its order, and the signature (APP_SECRET's, as for return
 * paths) lets only an email we sent name one. An order id alone is no secret (it is in every
 * tracked link of that email).
 */
export function orderMessageId(orderEmailId: string, secret: string, host: string): string {
  const id = orderEmailId.toLowerCase();
  return `<order-${id}.${orderEmailSignature('message-id', id, secret)}@${host}>`;
}

function parse(messageId: string | undefined) {
  const match = new RegExp(`^<?${ORDER_ID}>?$`, 'i').exec(messageId?.trim() ?? '');
  return match ? { orderEmailId: match[1]!.toLowerCase(), signature: match[2] ?? null } : null;
}

/**
 * The order email a Message-ID names, when its signature holds under one of `secrets` (the
 * current APP_SECRET, then those being rotated out). Null for any other id, unsigned or forged.
 */
export function signedOrderEmailIdFromMessageId(
  messageId: string | undefined,
  secrets: readonly string[],
): string | null {
  const parsed = parse(messageId);
  if (!parsed?.signature) return null;
  return isSignedOrderEmail('message-id', parsed.orderEmailId, parsed.signature, secrets)
    ? parsed.orderEmailId
    : null;
}

/**
 * The order email a relay's own signed event names by the Message-ID we handed it, signed or in
 * the unsigned form of older emails: the relay's signature on the event vouches for it, and only
 * we submit mail to it.
 */
export function orderEmailIdFromRelayMessageId(messageId: string | undefined): string | null {
  return parse(messageId)?.orderEmailId ?? null;
}

/**
 * The order email named by a signed Message-ID header line anywhere in `text`: the headers of a
 * returned email, as a bounce or complaint quotes them (message/rfc822 or text/rfc822-headers).
 */
export function orderEmailIdInHeaders(text: string, secrets: readonly string[]): string | null {
  const match = new RegExp(`^message-id:[ \\t]*(<${ORDER_ID}>)`, 'im').exec(text);
  return match ? signedOrderEmailIdFromMessageId(match[1], secrets) : null;
}
