// The marketplaces and what the web app and the server both need to know of each, with no schema
// library: the dashboard shows them without loading zod. sending.ts re-exports them with its
// schemas. Adding a marketplace here is one entry in MARKETPLACE_FACTS.
import type { OrderEvent } from './order-events.ts';

/**
 * How a seller connects a shop: 'oauth' through the marketplace's consent page, which needs the
 * operator's app credentials and ends at `/api/<id>/callback`; 'store-keys' with the seller's own
 * REST API keys, always possible; 'stand-in' never on its own (the demo shop stands in for Etsy).
 */
export type ConnectKind = 'oauth' | 'store-keys' | 'stand-in';

export interface MarketplaceFacts {
  /** What the marketplace is called where a seller reads it. */
  name: string;
  connect: ConnectKind;
  /** Whether its orders can carry a tracking link once shipped (see token-sources.ts). */
  trackingLinks: boolean;
  /**
   * The order events it tells Thankly of: a journey step waiting on another is never sent for its
   * orders, and the editor and the seller's activity say so.
   */
  orderEvents: readonly OrderEvent[];
}

/**
 * Tracking links: Etsy once a shipment is recorded (the buyer's purchase page), Shopify from a
 * fulfilment's tracking URL, the demo shop from its demo carrier. Core WooCommerce keeps no
 * tracking; the Shipment Tracking extension gives a number, and a link only for a carrier the
 * seller typed in by hand, so not as a rule.
 */
export const MARKETPLACE_FACTS = {
  // A receipt says when it shipped, never when it arrived (etsy-receipt.ts).
  etsy: { name: 'Etsy', connect: 'oauth', trackingLinks: true, orderEvents: ['paid', 'shipped'] },
  // Fulfillments carry the carrier's delivery time (shopify-order.ts).
  shopify: {
    name: 'Shopify',
    connect: 'oauth',
    trackingLinks: true,
    orderEvents: ['paid', 'shipped', 'delivered'],
  },
  // A store's order is marked completed when it ships; WooCommerce knows nothing of delivery.
  woocommerce: {
    name: 'WooCommerce',
    connect: 'store-keys',
    trackingLinks: false,
    orderEvents: ['paid', 'shipped'],
  },
  // Mark shipped and Mark delivered stand in for the marketplace's events.
  demo: {
    name: 'Demo shop',
    connect: 'stand-in',
    trackingLinks: true,
    orderEvents: ['paid', 'shipped', 'delivered'],
  },
} as const satisfies Record<string, MarketplaceFacts>;

export type Marketplace = keyof typeof MARKETPLACE_FACTS;

/** Every marketplace, in the order the dashboard offers them. */
export const MARKETPLACES = Object.keys(MARKETPLACE_FACTS) as [Marketplace, ...Marketplace[]];

function factOf<K extends keyof MarketplaceFacts>(
  key: K,
): Record<Marketplace, MarketplaceFacts[K]> {
  const facts: Record<Marketplace, MarketplaceFacts> = MARKETPLACE_FACTS;
  return Object.fromEntries(MARKETPLACES.map((m) => [m, facts[m][key]])) as Record<
    Marketplace,
    MarketplaceFacts[K]
  >;
}

/** What each marketplace is called where a seller reads it. */
export const MARKETPLACE_NAMES: Record<Marketplace, string> = factOf('name');

/** Whether a marketplace's orders can carry a tracking link once shipped. */
export const MARKETPLACE_TRACKING_LINKS: Record<Marketplace, boolean> = factOf('trackingLinks');

/** A marketplace a seller connects on its own (every one but a stand-in). */
export type ConnectableMarketplace = {
  [M in Marketplace]: (typeof MARKETPLACE_FACTS)[M]['connect'] extends 'stand-in' ? never : M;
}[Marketplace];

export const CONNECTABLE_MARKETPLACES = MARKETPLACES.filter(
  (m): m is ConnectableMarketplace => MARKETPLACE_FACTS[m].connect !== 'stand-in',
);

/** Which marketplaces this server can connect, as GET /api/shops says it. */
export type ConnectableMarketplaces = Record<ConnectableMarketplace, boolean>;

/**
 * What the dashboard assumes before the server says: only marketplaces that need no operator
 * credentials (store keys) can be connected.
 */
export const ASSUMED_CONNECTABLE = Object.fromEntries(
  CONNECTABLE_MARKETPLACES.map((m) => [m, MARKETPLACE_FACTS[m].connect !== 'oauth']),
) as ConnectableMarketplaces;

/** Where an OAuth marketplace sends the seller's browser back (under APP_URL). */
export function oauthCallbackPath(marketplace: Marketplace): string {
  return `/api/${marketplace}/callback`;
}

/** The OAuth callbacks, which the server (not the web app's router) finishes. */
export const OAUTH_CALLBACK_PATHS = MARKETPLACES.filter(
  (m) => MARKETPLACE_FACTS[m].connect === 'oauth',
).map(oauthCallbackPath);
