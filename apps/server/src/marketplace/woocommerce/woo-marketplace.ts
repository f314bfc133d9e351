import { type MarketplaceModule, pageOf } from '../marketplace-module.ts';
import { WooAdapter } from './woo-adapter.ts';

/** Stores connect with REST API keys and push signed webhooks: no OAuth, always available. */
export const wooMarketplace = {
  id: 'woocommerce',
  createAdapter: () => new WooAdapter(),
  loadRoutes: async () => (await import('./woo-routes.ts')).wooRoutes,
  loadJobs: async () => [(await import('./woo-service.ts')).wooOrderWorker],
  withheldAddressText:
    'The marketplace did not share this buyer’s email address, so no email could be sent.',
  buyerMessageName: 'a marketplace message',
  orderUrl(shop, orderId) {
    if (!shop.url) return null;
    // WooCommerce sends this classic address on to its order screen when orders live in their own
    // tables (HPOS).
    const admin = new URL('wp-admin/post.php', shop.url.endsWith('/') ? shop.url : `${shop.url}/`);
    admin.search = new URLSearchParams({ post: orderId, action: 'edit' }).toString();
    return admin.toString();
  },
  // A store takes reviews on its own product pages: the store is the place.
  reviewUrl: (shop) => shop.url,
  buyerOrderUrl: (shop, orderId) =>
    pageOf(shop.url, `my-account/view-order/${encodeURIComponent(orderId)}/`),
  messageLinkHosts: null,
} satisfies MarketplaceModule<WooAdapter>;
