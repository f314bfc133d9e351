import { oauthCallbackPath } from '@thankly/api-contract';
import { createRateGate } from '../../infrastructure/concurrency/rate-gate.ts';
import { consumeApiBudget } from '../api-budget.ts';
import type { MarketplaceModule } from '../marketplace-module.ts';
import { EtsyAdapter } from './etsy-adapter.ts';
import { EtsyApi } from './etsy-api.ts';
import { type EtsySettings, etsySettings } from './etsy-settings.ts';

/** The buyer's purchases on Etsy, where each order is reviewed. */
export const ETSY_PURCHASES_URL = 'https://www.etsy.com/your/purchases';

export const etsyMarketplace = {
  id: 'etsy',
  settings: etsySettings,
  createAdapter({ db, now }, settings) {
    const {
      keystring,
      sharedSecret,
      apiUrl,
      authUrl,
      webhookSecret,
      dailyRequestBudget,
      requestsPerSecond,
    } = settings;
    if (!keystring || !sharedSecret) return undefined;
    return new EtsyAdapter({
      api: new EtsyApi({
        apiUrl,
        keystring,
        sharedSecret,
        consumeBudget: () => consumeApiBudget(db, 'etsy', dailyRequestBudget, now()),
        rateGate: createRateGate(requestsPerSecond),
      }),
      keystring,
      authUrl,
      webhookSecret,
      now,
    });
  },
  loadRoutes: async () => (await import('./etsy-routes.ts')).etsyRoutes,
  loadJobs: async () => [
    (await import('./purchase-message-schedule.ts')).purchaseMessageSwitchWorker,
  ],
  callbackPath: oauthCallbackPath('etsy'),
  withheldAddressText:
    'Etsy did not share this buyer’s email address with Thankly (Etsy shares it only with apps it has approved), so no email could be sent.',
  buyerMessageName: 'an Etsy message',
  orderUrl: (_shop, orderId) =>
    `https://www.etsy.com/your/orders/sold?order_id=${encodeURIComponent(orderId)}`,
  // A buyer reviews an Etsy purchase from their Purchases page, and nowhere else.
  reviewUrl: () => ETSY_PURCHASES_URL,
  buyerOrderUrl: (_shop, orderId) => `${ETSY_PURCHASES_URL}/${encodeURIComponent(orderId)}`,
  messageLinkHosts: ['etsy.com'],
} satisfies MarketplaceModule<EtsyAdapter, EtsySettings>;
