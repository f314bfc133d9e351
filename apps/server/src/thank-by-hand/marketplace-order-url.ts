import type { Marketplace } from '@thankly/api-contract';

interface OrderShop {
  marketplace: Marketplace;
  /** Shopify: the shop's myshopify.com domain. */
  externalId: string;
  /** WooCommerce: the store's address. */
  url: string | null;
}

/**
 * The order's page in the marketplace's own seller dashboard, where the seller can message its
 * buyer. Thankly only links there: no marketplace lets an app message buyers for the seller
 * (Etsy has no conversations API at all).
 */
export function marketplaceOrderUrl(shop: OrderShop, orderId: string): string | null {
  const id = encodeURIComponent(orderId);
  switch (shop.marketplace) {
    case 'etsy':
      return `https://www.etsy.com/your/orders/sold?order_id=${id}`;
    case 'shopify':
      // The admin of the shop's own domain redirects to admin.shopify.com/store/<handle>/…
      return `https://${shop.externalId}/admin/orders/${id}`;
    case 'woocommerce': {
      if (!shop.url) return null;
      // WooCommerce sends this classic address on to its order screen when orders live in their
      // own tables (HPOS).
      const admin = new URL(
        'wp-admin/post.php',
        shop.url.endsWith('/') ? shop.url : `${shop.url}/`,
      );
      admin.search = new URLSearchParams({ post: orderId, action: 'edit' }).toString();
      return admin.toString();
    }
    case 'demo':
      return null;
  }
}
