import type { WebMarketplaceModule } from './web-marketplace-module.ts';

/**
 * The demo shop is connected through Etsy's button when Etsy is not set up; its simulated orders
 * go by `shop.isDemo` (shop-row.tsx), as a stand-in of any marketplace would.
 */
export default { id: 'demo' } satisfies WebMarketplaceModule;
