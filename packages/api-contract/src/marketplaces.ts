// The marketplaces and their names, with no schema library: the dashboard shows them without
// loading zod. sending.ts re-exports them with its schemas.
export const MARKETPLACES = ['etsy', 'shopify', 'woocommerce', 'demo'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];

/** What each marketplace is called where a seller reads it. */
export const MARKETPLACE_NAMES: Record<Marketplace, string> = {
  etsy: 'Etsy',
  shopify: 'Shopify',
  woocommerce: 'WooCommerce',
  demo: 'Demo shop',
};
