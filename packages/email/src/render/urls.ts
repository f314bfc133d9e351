// URLs from the design are plain strings; only these schemes reach an href or src. A URL may also
// start with a token such as [shop-url], which is filled (and checked) when the email is sent.

const TOKEN_START = /^\[[a-z-]+(\|[^\]]*)?\]/;
const SAFE_LINK = /^(https?:\/\/|mailto:|tel:|#)/i;
const SAFE_IMAGE = /^(https?:\/\/|data:image\/(png|jpeg|gif|webp);base64,)/i;
// Characters that would let a value escape a CSS url('...') or break the attribute around it.
const CSS_URL_BREAKERS = /['"()\\\s<>]/;

export function safeLinkUrl(url: string): string {
  const trimmed = url.trim();
  return SAFE_LINK.test(trimmed) || TOKEN_START.test(trimmed) ? trimmed : '';
}

export function safeImageUrl(url: string): string {
  const trimmed = url.trim();
  return SAFE_IMAGE.test(trimmed) || TOKEN_START.test(trimmed) ? trimmed : '';
}

/**
 * A backdrop image sits inside CSS url('…') and an unescaped attribute, where a token's value
 * could break out after the checks ran: only a literal address, never a token.
 */
export function safeCssImageUrl(url: string): string {
  const trimmed = url.trim();
  return SAFE_IMAGE.test(trimmed) && !CSS_URL_BREAKERS.test(trimmed) ? trimmed : '';
}

/** Token values that become link targets must be web URLs. */
export function isWebUrl(value: string): boolean {
  return /^https?:\/\/[^\s"'<>]+$/i.test(value.trim());
}
