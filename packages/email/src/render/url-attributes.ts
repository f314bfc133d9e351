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
  // The common case first: a literal safe scheme stays what it is, whatever follows.
  if (SAFE_LINK_TARGET.test(attributeValue)) return true;
  const url = browserUrl(decodeAttribute(attributeValue));
  // An empty href opens nothing new; it is what a link token without a value leaves.
  return url === '' || SAFE_LINK_TARGET.test(url);
}

export function isSafeImageSource(attributeValue: string): boolean {
  if (SAFE_IMAGE_SOURCE.test(attributeValue)) return true;
  return SAFE_IMAGE_SOURCE.test(browserUrl(decodeAttribute(attributeValue)));
}

const URL_ATTRIBUTE = /\s(href|src|background)\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+)/gi;
const TAG_NAME = /^<([a-zA-Z][a-zA-Z0-9:-]*)/;

function unquote(value: string): string {
  return value.startsWith('"') || value.startsWith("'") ? value.slice(1, -1) : value;
}

/**
 * Drops every link or image target a browser would not treat as safe, and every empty href: an `<a>` loses its href
 * (its text stays), an `<img>` is removed, and any other element loses the attribute. Runs on
 * every email sent, so safe targets (nearly all) cost one regex match each and nothing more.
 */
export function dropUnsafeUrls(html: string): string {
  const cuts: Array<[number, number]> = [];
  for (const match of html.matchAll(URL_ATTRIBUTE)) {
    const kind = match[1]!.toLowerCase();
    const value = unquote(match[2]!);
    // An empty href (a link token this order leaves empty) reloads the message in some clients
    // and reads as a broken link in others: the element keeps its content, without the link.
    const empty = kind === 'href' && browserUrl(decodeAttribute(value)) === '';
    if (!empty && (kind === 'href' ? isSafeLinkTarget(value) : isSafeImageSource(value))) continue;
    const start = match.index;
    const tagStart = html.lastIndexOf('<', start);
    // Text that merely reads like an attribute (escaped markup never has a raw `<`) is no target.
    if (tagStart === -1 || html.lastIndexOf('>', start) > tagStart) continue;
    const element = TAG_NAME.exec(html.slice(tagStart, tagStart + 32))?.[1]?.toLowerCase();
    if (element === 'img') cuts.push([tagStart, html.indexOf('>', start) + 1 || html.length]);
    else cuts.push([start, start + match[0].length]);
  }
  if (cuts.length === 0) return html;
  let out = '';
  let from = 0;
  for (const [start, end] of cuts.sort((a, b) => a[0] - b[0])) {
    if (start < from) continue; // inside an image already removed
    out += html.slice(from, start);
    from = end;
  }
  return out + html.slice(from);
}
