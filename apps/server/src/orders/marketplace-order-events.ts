import { type Journey, MARKETPLACE_FACTS, type Marketplace } from '@thankly/api-contract';

/** What a marketplace tells Thankly of its orders, with its name (MARKETPLACE_FACTS' orderEvents). */
export function marketplaceOrderEvents(marketplace: Marketplace): Journey['marketplaces'][number] {
  const { name, orderEvents } = MARKETPLACE_FACTS[marketplace];
  return { marketplace, name, orderEvents: [...orderEvents] };
}
