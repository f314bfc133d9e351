/** Shown when nothing of a shop's name is safe to show. */
export const NEUTRAL_FROM_NAME = 'Thank-you note';

const MAX_LENGTH = 64;

/**
 * The display name of a buyer email, made from the shop's name. A shop name is the seller's own
 * text, so it must not carry an address, a host name or header punctuation into From, where mail
 * clients would show it as the sender: "PayPal Support <service@paypal.com>" becomes
 * "PayPal Support", and "paypal.com" leaves nothing, so the neutral name stands in.
 */
export function fromDisplayName(shopName: string): string {
  const cleaned = shopName
    .normalize('NFKC')
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S*/gi, ' ') // https://evil.example/login
    .replace(/<[^>]*>?/g, ' ') // "<service@paypal.com>", or an unclosed "<…"
    .replace(/\S+@\S+/g, ' ') // bare addresses
    .replace(/\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}\b/gi, ' ') // paypal.com, shop.example.co.uk
    .replace(/[\p{Cc}\p{Cf}"<>@\\;,:()[\]]/gu, ' ') // controls (CR/LF), quotes, header punctuation
    .replace(/\s+/g, ' ')
    .trim();
  if (!/[\p{L}\p{N}]/u.test(cleaned)) return NEUTRAL_FROM_NAME;
  return cleaned.length > MAX_LENGTH ? cleaned.slice(0, MAX_LENGTH).trimEnd() : cleaned;
}
