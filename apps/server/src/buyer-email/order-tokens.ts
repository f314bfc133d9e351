import { WELCOME_BACK, type TokenValues } from '@thankly/email';
import type { Marketplace } from '@thankly/api-contract';
import type { MarketplaceOrder } from '../orders/marketplace-order.ts';
import { marketplaceReviewUrl } from '../marketplace/registry.ts';
import { BUSINESS_TIME_ZONE } from '../infrastructure/time/athens.ts';

/**
 * "Ada Lovelace" -> Ada / Lovelace; "Ada" -> Ada / none. Marketplaces like Etsy give only the
 * recipient's full name.
 */
export function splitName(fullName: string | null): {
  first: string | undefined;
  last: string | undefined;
} {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { first: undefined, last: undefined };
  return { first: parts[0], last: parts.length > 1 ? parts.slice(1).join(' ') : undefined };
}

/**
 * Intl formatters are costly to build and every email needs them: the date one is built once, and
 * one per currency is kept, up to a bound (any three letters make a well-formed code, so a store
 * could send many).
 */
const MAX_KEPT_CURRENCIES = 300;
const moneyFormats = new Map<string, Intl.NumberFormat>();
const orderDateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeZone: BUSINESS_TIME_ZONE,
});

function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    if (moneyFormats.size < MAX_KEPT_CURRENCIES) moneyFormats.set(currency, format);
  }
  return format;
}

export function formatMoney(total: MarketplaceOrder['total']): string | undefined {
  if (!total) return undefined;
  const value = total.amount / total.divisor;
  try {
    return moneyFormat(total.currency).format(value);
  } catch {
    return `${value.toFixed(2)} ${total.currency}`;
  }
}

export function formatOrderDate(iso: string): string {
  return orderDateFormat.format(new Date(iso));
}

/**
 * Fills the tokens from an order; what the marketplace did not give stays empty (or a token's
 * fallback). `buyerOrderCount` is the buyer's orders with the shop, this one included, as counted
 * when the order was recorded (null for orders recorded before counting began: both buyer tokens
 * stay empty then). A count above one makes a returning buyer, who gets [welcome-back].
 */
export function orderTokenValues(
  order: MarketplaceOrder,
  shop: { name: string; url: string | null; marketplace: Marketplace },
  couponCode: string,
  buyerOrderCount: number | null = null,
): TokenValues {
  const split = splitName(order.buyerName);
  return {
    'customer-first-name': order.buyerFirstName ?? split.first,
    'customer-last-name': order.buyerLastName ?? split.last,
    'order-number': order.orderNumber,
    'order-date': formatOrderDate(order.createdAt),
    'product-title-list': order.productTitles.join(', ') || undefined,
    'shop-name': shop.name,
    'shop-url': shop.url ?? undefined,
    'review-link': marketplaceReviewUrl(shop) ?? undefined,
    'coupon-code': couponCode || undefined,
    'order-total': formatMoney(order.total),
    'tracking-link': order.trackingUrl ?? undefined,
    'tracking-number': order.trackingNumber?.trim() || undefined,
    'order-count': buyerOrderCount === null ? undefined : String(buyerOrderCount),
    'welcome-back': buyerOrderCount !== null && buyerOrderCount > 1 ? WELCOME_BACK : undefined,
  };
}
