// What a browser would make of an href or src, and whether it may stay. Every link and image
// target in an email passes here once tokens are filled in: a token can turn a harmless
// `[shop-url|…]` into any scheme at all, and the renderer's own checks ran before that.

/** Link schemes a buyer may follow: web pages, an email, a phone number. A bare `#` is inert. */
const SAFE_LINK_TARGET = /^(https?:|mailto:|tel:|#)/i;
/** Image sources: web images, and inline raster images (an SVG data URI can carry script). */
const SAFE_IMAGE_SOURCE = /^(https?:|data:image\/(png|jpeg|gif|webp);base64,)/i;

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  tab: '\t',
  newline: '\n',
  nbsp: '\u00a0',
  sol: '/',
  lpar: '(',
  rpar: ')',
};

/**
 * Decodes character references as a browser does in an attribute value, numeric ones with or
 * without the `;`. Unknown named references stay as they are: they cannot start a safe scheme.
 */
export function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+;?|#\d+;?|[a-z]+;)/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const digits = body.replace(/;$/, '');
      const point =
        digits[1] === 'x' || digits[1] === 'X'
          ? parseInt(digits.slice(2), 16)
          : parseInt(digits.slice(1), 10);
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff
        ? String.fromCodePoint(point)
        : '\ufffd';
    }
    return NAMED[body.slice(0, -1).toLowerCase()] ?? entity;
  });
}

/**
 * The URL a browser reads from a decoded attribute value: it trims surrounding spaces and control
 * characters and drops tabs and line breaks anywhere, so `java\tscript:` is `javascript:`.
 */
export function browserUrl(decoded: string): string {
  // eslint-disable-next-line no-control-regex
  return decoded.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

export function isSafeLinkTarget(attributeValue: string): boolean {
  const url = browserUrl(decodeAttribute(attributeValue));
  // An empty href opens nothing new; it is what a link token without a value leaves.
  return url === '' || SAFE_LINK_TARGET.test(url);
}

export function isSafeImageSource(attributeValue: string): boolean {
  return SAFE_IMAGE_SOURCE.test(browserUrl(decodeAttribute(attributeValue)));
}

// Any start tag; attribute values in our HTML never hold a raw `>` (the renderer, the sanitiser
// and token filling all escape it).
const START_TAG = /<([a-zA-Z][a-zA-Z0-9:-]*)(\s[^>]*?)?(\/?)>/g;
const URL_ATTRIBUTE = /(\s)(href|src|background)(\s*=\s*)("[^"]*"|'[^']*'|[^\s"'=<>`]+)/gi;

function unquote(value: string): string {
  return value.startsWith('"') || value.startsWith("'") ? value.slice(1, -1) : value;
}

/**
 * Drops every link or image target a browser would not treat as safe: an `<a>` loses its href
 * (its text stays), an `<img>` is removed, and any other element loses the attribute.
 */
export function dropUnsafeUrls(html: string): string {
  if (!/\b(href|src|background)\s*=/i.test(html)) return html;
  return html.replace(START_TAG, (tag, name: string, attributes: string | undefined, close) => {
    if (!attributes) return tag;
    const element = name.toLowerCase();
    let removeElement = false;
    const kept = attributes.replace(URL_ATTRIBUTE, (attribute, _space, kind: string, _eq, raw) => {
      const value = unquote(raw as string);
      const isLink = kind.toLowerCase() === 'href';
      const safe = isLink ? isSafeLinkTarget(value) : isSafeImageSource(value);
      if (safe) return attribute;
      if (element === 'img') removeElement = true;
      return '';
    });
    if (removeElement) return '';
    return kept === attributes ? tag : `<${name}${kept}${close}>`;
  });
}
