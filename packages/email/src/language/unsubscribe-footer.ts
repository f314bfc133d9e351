// The footer every buyer email ends with: why the buyer got it, the way out, and the seller's postal
// address where they gave one (commercial-mail laws such as CAN-SPAM ask for it). Written in the
// template's language; the sender adds it after the order's values are filled, so nothing in it is
// ever read as a token.
import { mutedTextOn, opaqueHex } from '../brand/contrast.ts';
import { escapeHtml } from '../render/html.ts';
import { normalizePostalAddress } from '../schema/template-texts.ts';
import type { TemplateLanguage } from './languages.ts';

interface FooterTexts {
  /** Why this email came, naming the shop. */
  reason(shop: string): string;
  unsubscribe: string;
}

export const FOOTER_TEXTS: Readonly<Record<TemplateLanguage, FooterTexts>> = {
  en: {
    reason: (shop) => `You received this email because you ordered from ${shop}.`,
    unsubscribe: 'Unsubscribe',
  },
  de: {
    reason: (shop) => `Sie erhalten diese E-Mail, weil Sie bei ${shop} bestellt haben.`,
    unsubscribe: 'Abmelden',
  },
  fr: {
    reason: (shop) => `Vous recevez cet e-mail parce que vous avez passé commande chez ${shop}.`,
    unsubscribe: 'Se désabonner',
  },
  es: {
    reason: (shop) => `Recibe este correo electrónico porque realizó un pedido en ${shop}.`,
    unsubscribe: 'Darse de baja',
  },
  it: {
    reason: (shop) => `Ricevi questa email perché hai effettuato un ordine presso ${shop}.`,
    unsubscribe: "Annulla l'iscrizione",
  },
  el: {
    reason: (shop) => `Λαμβάνετε αυτό το email επειδή κάνατε παραγγελία από το κατάστημα ${shop}.`,
    unsubscribe: 'Απεγγραφή',
  },
  ar: {
    reason: (shop) => `تلقيت هذه الرسالة لأنك قدّمت طلبًا من ${shop}.`,
    unsubscribe: 'إلغاء الاشتراك',
  },
  he: {
    reason: (shop) => `קיבלת הודעה זו מפני שביצעת הזמנה בחנות ${shop}.`,
    unsubscribe: 'ביטול הרשמה',
  },
};

const CELL_STYLE =
  'padding:16px 10px 24px;font-family:Helvetica,Arial,sans-serif;font-size:12px;line-height:1.5';

/**
 * The backdrop the footer sits on (the design's backdrop colour, white without one) and the
 * small-print colour that reads on it at 4.5:1. The footer's table carries the backdrop itself:
 * Gmail drops the body's background, and the colour must hold against what is really behind it.
 */
function footerColors(backdropColor: string): { backdrop: string; text: string } {
  const backdrop = opaqueHex(backdropColor) ?? '#ffffff';
  return { backdrop, text: mutedTextOn(backdrop) };
}

const footerTable = (backdrop: string, cell: string) =>
  `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${backdrop}" style="background-color:${backdrop}"><tr>` +
  cell +
  '</td></tr></table>';

/**
 * The footer as an HTML table (to go just before </body>) and as plain-text lines. Shop name and
 * address are the seller's words: plain text, escaped here. An unknown language falls back to
 * English rather than sending no way out. `backdropColor` is the design's backdrop, which the
 * footer's colours are computed against.
 */
export function unsubscribeFooter(
  language: TemplateLanguage,
  shopName: string,
  url: string,
  postalAddress = '',
  backdropColor = '',
): { html: string; text: string } {
  const texts = FOOTER_TEXTS[language] ?? FOOTER_TEXTS.en;
  const colors = footerColors(backdropColor);
  const addressLines = normalizePostalAddress(postalAddress);
  const address = addressLines
    ? `<div style="padding-top:8px">${addressLines.split('\n').map(escapeHtml).join('<br>')}</div>`
    : '';
  const html = footerTable(
    colors.backdrop,
    `<td align="center" style="${CELL_STYLE};color:${colors.text}">` +
      `${texts.reason(escapeHtml(shopName))} ` +
      `<a href="${escapeHtml(url)}" style="color:${colors.text};text-decoration:underline">${escapeHtml(texts.unsubscribe)}</a>` +
      address,
  );
  const text =
    `${texts.reason(shopName)}\n${texts.unsubscribe}: ${url}` +
    (addressLines ? `\n\n${addressLines}` : '');
  return { html, text };
}

/**
 * A one-line copy of the footer's way out, for an email whose footer would sit past the bytes
 * Gmail shows before clipping: the sender puts it just after the preheader (see
 * withEarlyUnsubscribeLink), so the link is always within reach.
 */
export function compactUnsubscribeLink(
  language: TemplateLanguage,
  url: string,
  backdropColor = '',
): string {
  const texts = FOOTER_TEXTS[language] ?? FOOTER_TEXTS.en;
  const colors = footerColors(backdropColor);
  return footerTable(
    colors.backdrop,
    `<td align="center" style="padding:8px 10px;font-family:Helvetica,Arial,sans-serif;font-size:12px;line-height:1.5;color:${colors.text}">` +
      `<a href="${escapeHtml(url)}" style="color:${colors.text};text-decoration:underline">${escapeHtml(texts.unsubscribe)}</a>`,
  );
}

/** The body's opening tag and the hidden preheader after it, as the email shell writes them. */
const BODY_START = /<body\b[^>]*>(?:<div style="display:none[^>]*>[^<]*<\/div>)?/i;

/**
 * `html` with `early` placed first in the body, after the preheader (so the inbox preview still
 * reads the preheader). Without a body tag, at the very start.
 */
export function withEarlyUnsubscribeLink(html: string, early: string): string {
  const start = BODY_START.exec(html);
  const at = start ? start.index + start[0].length : 0;
  return html.slice(0, at) + early + html.slice(at);
}
