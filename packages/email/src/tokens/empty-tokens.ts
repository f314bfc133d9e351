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

// Written for a shop owner (docs/tone.md): what the buyer will miss, why, and what fixes it.
const SHIPPING_TOKEN_MESSAGES: Record<(typeof SHIPPING_TOKENS)[number], string> = {
  'tracking-link':
    'Your thank-you goes out when the order is paid, before there is a tracking link, so buyers won’t see the part that uses [tracking-link]. Put it in a “Shipped” email on your Journey page instead.',
  'tracking-number':
    'Your thank-you goes out when the order is paid, before there is a tracking number, so buyers won’t see the part that uses [tracking-number]. Put it in a “Shipped” email on your Journey page instead.',
};

/**
 * Tokens an order fills only once it has shipped: an email sent when the order ships (a journey
 * step) has them, the thank-you sent at payment never does.
 */
export const SHIPPING_TOKENS = [
  'tracking-link',
  'tracking-number',
] as const satisfies readonly TokenName[];

const isShippingToken = (name: TokenName): name is (typeof SHIPPING_TOKENS)[number] =>
  (SHIPPING_TOKENS as readonly TokenName[]).includes(name);

const EMPTY_TOKEN_MESSAGES: Partial<Record<TokenName, string>> = {
  'coupon-code':
    'You have no coupon code saved, so buyers won’t see the part that shows [coupon-code]. Add your code under Coupon code on the dashboard.',
  'shop-url':
    'Your shop has no web address saved, so buyers won’t see the button that leads to [shop-url]. Add your shop’s web address, or point the button somewhere else.',
  'tracking-link':
    'Your marketplace doesn’t send tracking links with its orders, so buyers won’t see the part that uses [tracking-link]. Remove it, or link to the order page on your marketplace instead.',
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
  /**
   * sentOnceShipped: the template goes out only in journey steps after the order ships (never as
   * the thank-you), so the tracking tokens are filled unless the marketplace never gives them.
   */
  { sentOnceShipped = false }: { sentOnceShipped?: boolean } = {},
): EmptyTokenWarning[] {
  const never = tokensSellerCannotFill(sources);
  const cannotFill = new Set<TokenName>([...never, ...(sentOnceShipped ? [] : SHIPPING_TOKENS)]);
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
      `Buyers will see [${name}] blank. Give it a fallback, like [${name}|your words], or remove it.`,
  }));
}
