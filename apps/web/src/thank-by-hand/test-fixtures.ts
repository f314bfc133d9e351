// Contract-typed replies for the thank-by-hand tests, and the calls the dashboard makes on load.
import type { ActivityItem, CardBatch, PrintCard } from '@thankly/api-contract';

export function activityItem(over: Partial<ActivityItem> = {}): ActivityItem {
  return {
    id: '5b7e0a4c-1d2e-4f3a-8b9c-0d1e2f3a4b5c',
    shopName: 'Juniper & Clay',
    marketplace: 'etsy',
    orderNumber: '1002',
    buyerName: 'Sam Lee',
    buyerEmail: null,
    templateName: 'Spring',
    state: 'skipped',
    reason: 'Etsy did not share the buyer’s email address.',
    at: '2026-05-02T10:00:00Z',
    byHand: 'no-buyer-email',
    thankedBy: null,
    thankedAt: null,
    reachedBy: [],
    packedAt: null,
    deliveryProblem: null,
    progress: 'paid',
    steps: [],
    ...over,
  };
}

/** An order id as the contract has them (uuids), numbered. */
export function orderId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function printCard(n: number, over: Partial<PrintCard> = {}): PrintCard {
  return {
    orderId: orderId(n),
    orderNumber: String(1000 + n),
    shopName: 'Juniper & Clay',
    buyerName: `Buyer ${n}`,
    templateName: 'Spring',
    html: `<article class="thankly-card"><p style="font-size:16px">Thank you, Buyer ${n}!</p></article>`,
    cardPrintedAt: null,
    shipBy: '2026-05-02',
    shipBySource: 'processing-days',
    packedAt: null,
    firstName: `Buyer${n}`,
    shopUrl: 'https://juniper.example',
    shopQr:
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" role="img" aria-label="QR code"><rect width="8" height="8" fill="#fff"/></svg>',
    ...over,
  };
}

export function cardBatch(cards: PrintCard[], over: Partial<CardBatch> = {}): CardBatch {
  return {
    cards,
    waiting: cards.length,
    heldForLimit: 0,
    remainingToday: 5,
    today: '2026-05-02',
    toShip: cards.length,
    addressesWithheld: true,
    ...over,
  };
}
