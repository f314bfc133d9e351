// Dynamic tokens (spec section 3): `[name]` in the subject and body, filled from the order when the
// email is sent. The renderer leaves them as literal text; filling happens afterwards in one pass.
//
// Fallback syntax: `[name|fallback]` uses `fallback` when the order has no value for `name`, so
// `Hi [customer-first-name|there],` reads "Hi there," for a buyer without a first name. The fallback
// is written by the seller in the design (already escaped by the renderer in HTML), may not contain
// brackets or line breaks, and is at most 100 characters.
//
// One token reads the other way round: [welcome-back] shows only for a buyer who has ordered from
// the shop before, and shows nothing for a first order. Its words after the bar are not a fallback
// but the seller's own line for returning buyers: `[welcome-back|So good to see you again!]`. A
// block holding only it is left out of a first order's email, card and message (empty-blocks.ts),
// so it works as a "returning buyers only" line without any condition of its own.
import { escapeHtml } from '../render/html.ts';
import { dropUnsafeUrls } from '../render/url-attributes.ts';
import { isWebUrl } from '../render/urls.ts';

export const TOKENS = {
  'customer-first-name': {
    label: 'Customer first name',
    description: "The buyer's first name.",
    isUrl: false,
  },
  'customer-last-name': {
    label: 'Customer last name',
    description: "The buyer's last name.",
    isUrl: false,
  },
  'order-number': {
    label: 'Order number',
    description: "The marketplace's order number.",
    isUrl: false,
  },
  'order-date': { label: 'Order date', description: 'The date the order was paid.', isUrl: false },
  'product-title-list': {
    label: 'Product list',
    description: 'The titles of the products in the order, separated by commas.',
    isUrl: false,
  },
  'shop-name': {
    label: 'Shop name',
    description: "Your shop's name on the marketplace.",
    isUrl: false,
  },
  'shop-url': { label: 'Shop URL', description: 'The web address of your shop.', isUrl: true },
  'review-link': {
    label: 'Review link',
    description:
      "Where the buyer leaves a review on your marketplace (on Etsy, the buyer's Purchases page).",
    isUrl: true,
  },
  'coupon-code': {
    label: 'Coupon code',
    description: 'A discount code for the next order (20% off by default).',
    isUrl: false,
  },
  'order-total': {
    label: 'Order total',
    description: 'The amount paid, with currency.',
    isUrl: false,
  },
  'tracking-link': {
    label: 'Tracking link',
    description: 'The shipment tracking page, once the order has shipped.',
    isUrl: true,
  },
  'tracking-number': {
    label: 'Tracking number',
    description: "The carrier's tracking number, once the order has shipped.",
    isUrl: false,
  },
  'order-count': {
    label: 'Orders from this buyer',
    description: 'How many times this buyer has ordered from your shop, this order included.',
    isUrl: false,
  },
  'welcome-back': {
    label: 'Welcome back',
    description:
      'A line only buyers who ordered before see: “Welcome back!”, or your own words after a bar, as in [welcome-back|So good to see you again!]',
    isUrl: false,
  },
} as const satisfies Record<string, { label: string; description: string; isUrl: boolean }>;

export type TokenName = keyof typeof TOKENS;
export type TokenValues = Partial<Record<TokenName, string | undefined>>;

export const TOKEN_NAMES = Object.keys(TOKENS) as TokenName[];

export function isTokenName(name: string): name is TokenName {
  return Object.hasOwn(TOKENS, name);
}

/** What [welcome-back] says to a returning buyer when the seller wrote no line of their own. */
export const WELCOME_BACK = 'Welcome back!';

/** Tokens whose words after the bar replace their value, rather than stand in for a missing one. */
const OWN_WORDS_TOKENS: ReadonlySet<TokenName> = new Set(['welcome-back']);

/**
 * What a token as written reads as for these values: its value, else its fallback, else ''.
 * [welcome-back] reads as the seller's words (or its value) for a returning buyer, else as ''.
 */
export function tokenText(
  name: TokenName,
  fallback: string | undefined,
  values: TokenValues,
): string {
  const value = tokenValue(name, values);
  if (OWN_WORDS_TOKENS.has(name)) return value === '' ? '' : fallback?.trim() || value;
  return value || (fallback ?? '');
}

/** Values for editor previews and test emails. The shop name carries an `&` on purpose: escaping shows. */
export const sampleTokenValues: Readonly<Record<TokenName, string>> = Object.freeze({
  'customer-first-name': 'Alex',
  'customer-last-name': 'Morgan',
  'order-number': '1048213',
  'order-date': 'March 14, 2026',
  'product-title-list': 'Hand-thrown mug, Linen tea towel',
  'shop-name': 'Juniper & Clay',
  'shop-url': 'https://example.com/shop',
  'review-link': 'https://example.com/shop',
  'coupon-code': 'THANKYOU20',
  'order-total': '$48.00',
  'tracking-link': 'https://example.com/track/1048213',
  'tracking-number': '1Z999AA10123456784',
  'order-count': '2',
  'welcome-back': WELCOME_BACK,
});

// [name] or [name|fallback]; names are lowercase words joined by hyphens.
const TOKEN_PATTERN = /\[([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?:\|([^[\]\r\n]{0,100}))?\]/g;
// Any bracketed word, to spot typos such as [first-name] or [Shop-Name].
const BRACKETED_WORD = /\[([A-Za-z][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*)(?:\|[^[\]\r\n]{0,100})?\]/g;

export interface FillOptions {
  /** 'html': values are HTML-escaped (the target is HTML); 'none': inserted as they are (plain text, subject). */
  escape: 'html' | 'none';
}

/** What a token holds for these values: '' when the order has none (or a link that is no web address). */
export function tokenValue(name: TokenName, values: TokenValues): string {
  const raw = values[name];
  if (raw === undefined || raw === null) return '';
  const value = String(raw);
  // A link target must be a web address, never javascript: or data:.
  if (TOKENS[name].isUrl && value !== '' && !isWebUrl(value)) return '';
  return value;
}

/**
 * Replaces every known token in one pass (a value that itself looks like a token stays literal).
 * Missing values become the token's fallback, or ''. Unknown bracketed words are left untouched.
 * In HTML, every href and src is checked again afterwards: a token that is a whole link target
 * (`href="[shop-name]"`, or a fallback) could otherwise make it `javascript:` or worse.
 */
export function fillTokens(text: string, values: TokenValues, options: FillOptions): string {
  if (!text.includes('[')) return text;
  const filled = text.replace(
    TOKEN_PATTERN,
    (match, name: string, fallback: string | undefined) => {
      if (!isTokenName(name)) return match;
      const value = tokenValue(name, values);
      // The words after the bar are the seller's, already escaped in HTML: only the order's own
      // value needs escaping here.
      const own = options.escape === 'html' ? escapeHtml(value) : value;
      if (OWN_WORDS_TOKENS.has(name)) return value === '' ? '' : fallback?.trim() || own;
      if (value === '') return fallback ?? '';
      return own;
    },
  );
  return options.escape === 'html' ? dropUnsafeUrls(filled) : filled;
}

/** Every `[token|fallback]` with a fallback in a text: the whole match, the name and the fallback. */
export function findTokenFallbacks(
  text: string,
): Array<{ match: string; name: TokenName; fallback: string }> {
  const found: Array<{ match: string; name: TokenName; fallback: string }> = [];
  for (const [match, name = '', fallback] of text.matchAll(TOKEN_PATTERN)) {
    if (fallback !== undefined && isTokenName(name)) found.push({ match, name, fallback });
  }
  return found;
}

/** Every known token in a text, in order, with its fallback when it has one. */
export function findTokens(text: string): Array<{ name: TokenName; fallback: string | undefined }> {
  const found: Array<{ name: TokenName; fallback: string | undefined }> = [];
  for (const [, name = '', fallback] of text.matchAll(TOKEN_PATTERN)) {
    if (isTokenName(name)) found.push({ name, fallback });
  }
  return found;
}

/** Bracketed words that are not known tokens, in order of first appearance (editor warnings). */
export function findUnknownTokens(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(BRACKETED_WORD)) {
    const name = match[1] ?? '';
    if (!isTokenName(name)) unknown.add(`[${name}]`);
  }
  return [...unknown];
}
