// Where a printed card's QR code leads, and the few characters printed under it for a buyer who
// would rather type than scan.
import { fillTokens, type TokenValues } from '../tokens/tokens.ts';
import { fitsInQrCode } from './qr-code.ts';

// What a phone opens from a scanned code without surprises: a web page or a new email. A bare `#`
// or tel: that a button may hold in an email means nothing on paper; javascript: never reaches
// the encoder, since a scanner app might offer to open it.
const SCANNABLE_LINK = /^(https?:\/\/|mailto:)\S+$/i;

/** Past this many characters the printed address is cut short (the QR code holds it all). */
export const SHORT_URL_MAX_LENGTH = 40;

/** The button's link with this order's values filled in, or null when there is nothing to scan. */
export function scannableLink(url: string, values: TokenValues): string | null {
  const filled = fillTokens(url, values, { escape: 'none' }).trim();
  return SCANNABLE_LINK.test(filled) && fitsInQrCode(filled) ? filled : null;
}

/**
 * The address as people write it: no scheme, no leading "www.", no trailing slash, and an email's
 * address without its ?subject=…; ellipsised past SHORT_URL_MAX_LENGTH characters.
 */
export function shortUrl(url: string): string {
  let short = url.replace(/^[a-z][a-z0-9+.-]*:(\/\/)?/i, '').replace(/^www\./i, '');
  if (/^mailto:/i.test(url)) short = short.replace(/\?.*$/, '');
  short = short.replace(/\/$/, '');
  const characters = [...short];
  return characters.length > SHORT_URL_MAX_LENGTH
    ? `${characters.slice(0, SHORT_URL_MAX_LENGTH - 1).join('')}…`
    : short;
}
