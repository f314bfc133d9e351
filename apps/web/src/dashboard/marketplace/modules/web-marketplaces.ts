import type { Marketplace } from '@thankly/api-contract';
import { demoWeb } from './demo-web.ts';
import { etsyWeb } from './etsy-web.tsx';
import { shopifyWeb } from './shopify-web.tsx';
import type { WebMarketplaceModule } from './web-marketplace-module.ts';
import { woocommerceWeb } from './woocommerce-web.tsx';

/** Every marketplace's part of the dashboard, one module each (see web-marketplace-module.ts). */
export const WEB_MARKETPLACES = {
  etsy: etsyWeb,
  shopify: shopifyWeb,
  woocommerce: woocommerceWeb,
  demo: demoWeb,
} satisfies { [M in Marketplace]: WebMarketplaceModule & { id: M } };
