// Which tokens a template uses that will be empty in every buyer's email, given what the seller
// has: no coupon code saved, a shop without a web address, a marketplace that never gives a
// tracking link; and the tracking tokens, which an order fills only once it has shipped, so never
// in the thank-you email sent at payment. One rule for the editor, the dashboard and the test email.
import { renderEmail } from '../render/render-email.ts';
import type { DesignInput } from '../schema/design.ts';
import { TOKEN_NAMES, findTokens, type TokenName } from './tokens.ts';

/** What the seller has that fills tokens beyond the order itself. */
export interface SellerTokenSources {
  /** The coupon code saved for [coupon-code]; '' when none is. */
  couponCode: string;
  /** The seller's connected shops; none yet tells nothing about their orders. */
  shops: ReadonlyArray<{ url: string | null; providesTrackingLinks: boolean }>;
}

export interface EmptyTokenWarning {
  token: `[${TokenName}]`;
  message: string;
}

const LEFT_OUT = 'is left out of buyers’ emails';

/**
 * Tokens an order fills only once it has shipped: an email sent when the order ships (a journey
 * step) has them, the thank-you sent at payment never does.
 */
export const SHIPPING_TOKENS = [
  'tracking-link',
  'tracking-number',
] as const satisfies readonly TokenName[];

const SHIPPING_TOKEN_MESSAGES: Record<(typeof SHIPPING_TOKENS)[number], string> = {
  'tracking-link': `[tracking-link] will be empty at payment: it is filled in an email sent when the order ships (a journey step), so in the thank-you email a block showing or leading only to it ${LEFT_OUT}.`,
  'tracking-number': `[tracking-number] will be empty at payment: it is filled in an email sent when the order ships (a journey step), so in the thank-you email a block showing only it ${LEFT_OUT}.`,
};

const isShippingToken = (name: TokenName): name is (typeof SHIPPING_TOKENS)[number] =>
  (SHIPPING_TOKENS as readonly TokenName[]).includes(name);

const EMPTY_TOKEN_MESSAGES: Partial<Record<TokenName, string>> = {
  'coupon-code': `[coupon-code] will be empty: no coupon code is saved (Coupon code, on the dashboard), so a block showing only it ${LEFT_OUT}.`,
  'shop-url': `[shop-url] will be empty: your shop has no web address on record, so a button leading only there ${LEFT_OUT}.`,
  'tracking-link': `[tracking-link] will be empty: your marketplace never sends a tracking link with an order, so a block showing or leading only to it ${LEFT_OUT}.`,
};

/** The tokens these sources leave empty for every order. */
export function tokensSellerCannotFill(sources: SellerTokenSources): Set<TokenName> {
  const empty = new Set<TokenName>();
  if (!sources.couponCode.trim()) empty.add('coupon-code');
  if (sources.shops.length > 0) {
    if (sources.shops.every((shop) => !shop.url)) empty.add('shop-url');
    if (sources.shops.every((shop) => !shop.providesTrackingLinks)) empty.add('tracking-link');
  }
  return empty;
}

/**
 * The tokens a template uses without a fallback that will be empty for every order, or (the
 * tracking tokens) in every thank-you email at payment, in the order of the token list, each with a
 * sentence for the seller. A token with a fallback is never empty.
 */
export function findEmptyTokens(
  template: { design: DesignInput; subject?: string; preheader?: string },
  sources: SellerTokenSources,
): EmptyTokenWarning[] {
  const never = tokensSellerCannotFill(sources);
  const cannotFill = new Set<TokenName>([...never, ...SHIPPING_TOKENS]);
  // The rendered HTML holds exactly what a buyer could see or follow: hidden fields do not count.
  const { html } = renderEmail(template.design);
  const used = new Set<TokenName>();
  for (const text of [html, template.subject ?? '', template.preheader ?? '']) {
    for (const { name, fallback } of findTokens(text)) if (!fallback) used.add(name);
  }
  return TOKEN_NAMES.filter((name) => cannotFill.has(name) && used.has(name)).map((name) => ({
    token: `[${name}]` as const,
    // A marketplace that never sends tracking says so; otherwise a tracking token is a matter of
    // when the email goes out.
    message:
      (never.has(name) ? EMPTY_TOKEN_MESSAGES[name] : undefined) ??
      (isShippingToken(name) ? SHIPPING_TOKEN_MESSAGES[name] : undefined) ??
      `[${name}] will be empty in buyers’ emails.`,
  }));
}
