import { oauthCallbackPath } from '@thankly/api-contract';
import { type MarketplaceModule, pageOf } from '../marketplace-module.ts';
import { ShopifyAdapter } from './shopify-adapter.ts';
import { ShopifyApi } from './shopify-api.ts';
import { type ShopifySettings, shopifySettings } from './shopify-settings.ts';

export const shopifyMarketplace = {
  id: 'shopify',
  settings: shopifySettings,
  createAdapter({ config, now }, settings) {
    if (!settings) return undefined;
    return new ShopifyAdapter({
      api: new ShopifyApi(settings),
      scopes: settings.scopes,
      webhookUrl: () => `${config.appUrl}/api/shopify/webhook`,
      now,
    });
  },
  loadRoutes: async () => (await import('./shopify-routes.ts')).shopifyRoutes,
  loadJobs: async () => [(await import('./shopify-paid-order-job.ts')).shopifyPaidOrderWorker],
  callbackPath: oauthCallbackPath('shopify'),
  withheldAddressText:
    'Shopify did not share this buyer’s email address (the order had none, or Shopify withholds customer details from apps without protected customer data access), so no email could be sent.',
  buyerMessageName: 'a marketplace message',
  // The admin of the shop's own domain redirects to admin.shopify.com/store/<handle>/…
  orderUrl: (shop, orderId) =>
    `https://${shop.externalId}/admin/orders/${encodeURIComponent(orderId)}`,
  // Reviews live on the shop's own storefront (Shopify's review apps); orders in the buyer's account.
  reviewUrl: (shop) => shop.url,
  buyerOrderUrl: (shop) => pageOf(shop.url, 'account'),
  messageLinkHosts: null,
} satisfies MarketplaceModule<ShopifyAdapter, ShopifySettings | undefined>;
