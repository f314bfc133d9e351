// What a link or image address may be. The sanitiser drops anything else on save; the dialogs check
// first so the seller is told instead of silently losing a link.
import { TOKENS, isTokenName } from '@thankly/email';

const LINK_SCHEMES = /^(https?:\/\/|mailto:|tel:)/i;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// A token that holds a web address, as a whole href: [shop-url] or [tracking-link|https://…].
const URL_TOKEN = /^\[([a-z-]+)(?:\|[^[\]\r\n]{0,100})?\]$/;

function isUrlToken(value: string): boolean {
  const name = URL_TOKEN.exec(value)?.[1];
  return name !== undefined && isTokenName(name) && TOKENS[name].isUrl;
}

/**
 * The href for what the seller typed, or null when it cannot be a safe link: web, mailto and tel
 * addresses and the URL tokens are kept; a bare host (`shop.example`) gets https://.
 */
export function normalizeLinkUrl(input: string): string | null {
  const value = input.trim();
  if (!value || /\s/.test(value)) return null;
  if (LINK_SCHEMES.test(value) || isUrlToken(value)) return value;
  if (HAS_SCHEME.test(value) || value.startsWith('//')) return null;
  return /^[\w-]+(\.[\w-]+)+([/?#].*)?$/.test(value) ? `https://${value}` : null;
}

/** Images load from web addresses only. */
export function normalizeImageUrl(input: string): string | null {
  const value = input.trim();
  if (/^https?:\/\/\S+$/i.test(value)) return value;
  if (!HAS_SCHEME.test(value) && /^[\w-]+(\.[\w-]+)+\/\S*$/.test(value)) return `https://${value}`;
  return null;
}

/** Whether an href already in a document may stay a link in the editor. */
export function isAllowedHref(href: string): boolean {
  return normalizeLinkUrl(href) === href.trim();
}
