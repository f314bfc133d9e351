import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { escapeHtml } from '../mail/escape-html.ts';

const keys = new Map<string, Buffer>();

function signingKey(appSecret: string): Buffer {
  let key = keys.get(appSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', appSecret, 'thankly', 'unsubscribe-links', 32));
    keys.set(appSecret, key);
  }
  return key;
}

function sign(appSecret: string, shopId: string, email: string): string {
  return createHmac('sha256', signingKey(appSecret))
    .update(`${shopId}\n${email}`)
    .digest('base64url')
    .slice(0, 32);
}

/** A link only this buyer's email holds: it names the shop and the address, signed with APP_SECRET. */
export function unsubscribeToken(appSecret: string, shopId: string, email: string): string {
  const normalised = email.trim().toLowerCase();
  return `${shopId}.${Buffer.from(normalised).toString('base64url')}.${sign(appSecret, shopId, normalised)}`;
}

/** Reads a link signed with any of `keys` (links in old emails outlive an APP_SECRET rotation). */
export function readUnsubscribeToken(
  keys: readonly string[],
  token: string,
): { shopId: string; email: string } | null {
  const [shopId, encodedEmail, signature] = token.split('.');
  if (!shopId || !encodedEmail || !signature) return null;
  const email = Buffer.from(encodedEmail, 'base64url').toString('utf8');
  const given = Buffer.from(signature);
  const signedByAny = keys.some((key) => {
    const expected = Buffer.from(sign(key, shopId, email));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return signedByAny ? { shopId, email } : null;
}

export function unsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl}/api/unsubscribe/${token}`;
}

/**
 * The buyer's way out, added to every thank-you email at send time (the editor's preview shows the
 * design alone). Inserted before </body>, which the renderer always writes.
 */
export function withUnsubscribeFooter(
  email: { html: string; text: string },
  shopName: string,
  url: string,
): { html: string; text: string } {
  const footer =
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>' +
    '<td align="center" style="padding:16px 10px 24px;font-family:Helvetica,Arial,sans-serif;font-size:12px;line-height:1.5;color:#6b7280">' +
    `You received this email because you ordered from ${escapeHtml(shopName)}. ` +
    `<a href="${escapeHtml(url)}" style="color:#6b7280;text-decoration:underline">Unsubscribe</a>` +
    '</td></tr></table>';
  const at = email.html.lastIndexOf('</body>');
  const html =
    at === -1 ? email.html + footer : email.html.slice(0, at) + footer + email.html.slice(at);
  const text = `${email.text.trimEnd()}\n\n--\nYou received this email because you ordered from ${shopName}.\nUnsubscribe: ${url}\n`;
  return { html, text };
}
