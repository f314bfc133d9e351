import { oauthCallbackPath } from '@thankly/api-contract';
import type { MarketplaceModule } from '../marketplace-module.ts';
import { DemoAdapter } from './demo-adapter.ts';

/**
 * The labelled local stand-in for Etsy when no Etsy app credentials are configured: it connects
 * through Etsy's connect and callback paths and goes through the same order and sending steps.
 */
export const demoMarketplace = {
  id: 'demo',
  createAdapter: ({ db }) => new DemoAdapter(db),
  loadRoutes: async () => (await import('./demo-routes.ts')).demoRoutes,
  // Connected in Etsy's place, so it comes back where Etsy would.
  callbackPath: oauthCallbackPath('etsy'),
  withheldAddressText:
    'The marketplace did not share this buyer’s email address, so no email could be sent.',
  buyerMessageName: 'a marketplace message',
  orderUrl: () => null,
  // The demo storefront stands for the marketplace's own pages: reviews and orders are shown there.
  reviewUrl: (shop) => shop.url,
  buyerOrderUrl: (shop, orderId) =>
    shop.url ? `${shop.url}?${new URLSearchParams({ order: orderId })}` : null,
  messageLinkHosts: null,
} satisfies MarketplaceModule<DemoAdapter>;
