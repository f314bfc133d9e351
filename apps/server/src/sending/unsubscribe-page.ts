// The page a buyer sees after following an unsubscribe link: the seller's shop, logo and colours
// (it answers for the seller, not for Thankly), one line that says what happened, and one button.
import type { Brand } from '@thankly/api-contract';
import { contrastRatio, escapeHtml, readableTextOn } from '@thankly/email';

const HEX = /^#[0-9a-f]{6}$/i;
const DEFAULTS = { primary: '#3f4654', backdrop: '#f4f5f7', text: '#1c2230' } as const;

export interface PageLook {
  shopName: string;
  brand: Brand;
}

export interface PageContent {
  title: string;
  /** The one line that says what happens or happened. */
  line: string;
  /** A form posting to `action` (this page's own address when empty), with one button. */
  form?: { action: string; label: string; quiet?: boolean };
}

function colour(value: string | null, fallback: string): string {
  return value && HEX.test(value) ? value.toLowerCase() : fallback;
}

/** The logo, when it is an https picture that cannot leave the attribute it sits in. */
function logoUrl(value: string | null): string | null {
  if (!value || /[\s"'<>`\\]/.test(value)) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

export function unsubscribePage({ shopName, brand }: PageLook, content: PageContent): string {
  const backdrop = colour(brand.backgroundColor, DEFAULTS.backdrop);
  const text = colour(brand.textColor, DEFAULTS.text);
  // The button keeps the brand's colour, with a label that reads on it.
  const primary = colour(brand.primaryColor, DEFAULTS.primary);
  const label = readableTextOn(primary);
  // A link in the brand colour must still read on white; otherwise the text colour is used.
  const quietColour = contrastRatio(primary, '#ffffff') >= 4.5 ? primary : text;
  const logo = logoUrl(brand.logoUrl);
  const name = escapeHtml(shopName);
  const form = content.form
    ? `<form method="post"${content.form.action ? ` action="${escapeHtml(content.form.action)}"` : ''}><button type="submit" class="${content.form.quiet ? 'quiet' : 'main'}">${escapeHtml(content.form.label)}</button></form>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(content.title)} · ${name}</title>
<style>*{box-sizing:border-box}body{margin:0;min-height:100vh;background:${backdrop};color:${text};font-family:system-ui,-apple-system,"Segoe UI",sans-serif;line-height:1.5;display:flex;align-items:flex-start;justify-content:center;padding:64px 16px}main{background:#fff;border-radius:16px;max-width:480px;width:100%;padding:40px 32px;text-align:center;box-shadow:0 1px 3px rgba(0,0,0,.08)}img{max-width:160px;max-height:80px;height:auto;margin:0 auto 20px;display:block}.shop{font-size:14px;letter-spacing:.02em;margin:0 0 12px;opacity:.8}h1{font-size:24px;line-height:1.3;margin:0 0 12px}p.line{margin:0 0 24px;overflow-wrap:anywhere}button{font:inherit;font-size:16px;cursor:pointer;border-radius:8px;min-height:44px;padding:10px 22px}button.main{background:${primary};color:${label};border:0}button.quiet{background:none;border:1px solid currentColor;color:${quietColour}}button:focus-visible{outline:3px solid ${text};outline-offset:2px}@media (max-width:420px){body{padding:24px 12px}main{padding:32px 20px}}</style></head>
<body><main>${logo ? `<img src="${escapeHtml(logo)}" alt="${name}">` : ''}<p class="shop">${name}</p><h1>${escapeHtml(content.title)}</h1><p class="line">${escapeHtml(content.line)}</p>${form}</main></body></html>`;
}
