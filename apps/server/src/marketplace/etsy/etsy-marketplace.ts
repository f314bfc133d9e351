import { consumeApiBudget } from '../api-budget.ts';
import type { MarketplaceModule } from '../marketplace-module.ts';
import { EtsyAdapter } from './etsy-adapter.ts';
import { EtsyApi } from './etsy-api.ts';

export const etsyMarketplace = {
  id: 'etsy',
  createAdapter({ config, db, now }) {
    const { keystring, sharedSecret, apiUrl, authUrl, webhookSecret, dailyRequestBudget } =
      config.etsy;
    if (!keystring || !sharedSecret) return undefined;
    return new EtsyAdapter({
      api: new EtsyApi({
        apiUrl,
        keystring,
        sharedSecret,
        consumeBudget: () => consumeApiBudget(db, 'etsy', dailyRequestBudget, now()),
      }),
      keystring,
      authUrl,
      webhookSecret,
      now,
    });
  },
  loadRoutes: async () => (await import('./etsy-routes.ts')).etsyRoutes,
  callbackPath: '/api/etsy/callback',
  // A receipt says when it shipped, never when it arrived (etsy-receipt.ts).
  orderEvents: ['paid', 'shipped'],
  withheldAddressText:
    'Etsy did not share this buyer’s email address with Thankly (Etsy shares it only with apps it has approved), so no email could be sent.',
  buyerMessageName: 'an Etsy message',
  orderUrl: (_shop, orderId) =>
    `https://www.etsy.com/your/orders/sold?order_id=${encodeURIComponent(orderId)}`,
} satisfies MarketplaceModule<EtsyAdapter>;
