import { escapeHtml } from '@thankly/email';
import {
  clickToken,
  clickUrl,
  openPixelUrl,
  openToken,
  readClickToken,
} from './tracking-tokens.ts';

export interface TrackingInput {
  appUrl: string;
  appSecret: string;
  orderEmailId: string;
}

/**
 * The link-bearing tags the email renderer writes: links and Outlook's VML buttons. A stylesheet's
 * <link href> (web fonts) is not something a person clicks, so it is left alone.
 */
const LINK_TAG = /<(?:a|v:roundrect)\b[^>]*>/gi;
const HREF = /(\bhref=")([^"]*)(")/i;

/** The renderer writes attributes with escapeHtml; this reads them back to the address itself. */
function decodeAttribute(value: string): string {
  return value.replace(
    /&(?:#(\d+)|#x([0-9a-f]+)|(amp|quot|lt|gt|apos));/gi,
    (_m, dec, hex, name) => {
      if (dec) return String.fromCodePoint(Number(dec));
      if (hex) return String.fromCodePoint(parseInt(hex, 16));
      return { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'" }[(name as string).toLowerCase()]!;
    },
  );
}

/**
 * Every http(s) link of a rendered template body, pointed at the click endpoint (which sends the
 * buyer on to the original address). Called before the unsubscribe footer is added, so the buyer's
 * way out and the privacy links are never rewritten; mailto: and tel: links stay as they are.
 */
export function withTrackedLinks(html: string, tracking: TrackingInput): string {
  return html.replace(LINK_TAG, (tag) =>
    tag.replace(HREF, (whole, before: string, value: string, after: string) => {
      const url = decodeAttribute(value).trim();
      if (!/^https?:\/\//i.test(url)) return whole;
      const token = clickToken(tracking.appSecret, tracking.orderEmailId, url);
      return `${before}${escapeHtml(clickUrl(tracking.appUrl, token))}${after}`;
    }),
  );
}

/** A 1×1 transparent image at the end of the body, taking no room in the layout. */
export function withOpenPixel(html: string, tracking: TrackingInput): string {
  const src = openPixelUrl(tracking.appUrl, openToken(tracking.appSecret, tracking.orderEmailId));
  const pixel = `<img src="${escapeHtml(src)}" width="1" height="1" alt="" style="display:block;border:0">`;
  const at = html.lastIndexOf('</body>');
  return at === -1 ? html + pixel : html.slice(0, at) + pixel + html.slice(at);
}

const TRACKED_HREF = /(\bhref=")([^"]*\/api\/t\/c\/([^"/]+))(")/gi;

/**
 * The HTML with each tracked link pointing at its destination again, for checks about where links
 * lead (a URL shortener stays one behind the click endpoint). Links that do not read are left.
 */
export function withOriginalLinks(html: string, keys: readonly string[]): string {
  return html.replace(
    TRACKED_HREF,
    (whole, before: string, _href, token: string, after: string) => {
      const click = readClickToken(keys, token);
      return click ? `${before}${escapeHtml(click.url)}${after}` : whole;
    },
  );
}
