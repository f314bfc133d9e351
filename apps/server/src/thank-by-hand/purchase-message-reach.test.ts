// Which Etsy purchase message a buyer got, told only from Thankly's records: never a guess.
import { describe, expect, test } from 'vitest';
import { toMarketplaceOrder, etsyReceiptSchema } from '../marketplace/etsy/etsy-receipt.ts';
import { liveTextAt } from '../marketplace/etsy/purchase-message-reach.ts';
import { shipDay } from './ship-by.ts';

const at = (iso: string) => new Date(iso);
const base = {
  shopId: 'shop',
  message: 'Thanks, [shop-name]!',
  digitalMessage: 'Enjoy your download!',
  pushedMessage: null,
  pushedDigitalMessage: null,
  lastPushedAt: null,
  etsyMessage: null,
  etsyDigitalMessage: null,
  changedOnEtsyAt: null,
  checkedAt: null,
  liveScheduleId: null,
  switchFailures: 0,
  switchRetryAt: null,
  switchProblem: null,
  switchLeaseUntil: null,
};

describe('the purchase message live when a buyer paid', () => {
  const pushed = {
    ...base,
    pushedMessage: 'Thanks from Olive!',
    pushedDigitalMessage: 'Enjoy the pattern!',
    lastPushedAt: at('2026-11-20T10:00:00Z'),
  };

  test('the texts Thankly saved before the payment; the digital one for downloads', () => {
    expect(liveTextAt(pushed, at('2026-11-21T10:00:00Z'), false)).toBe('Thanks from Olive!');
    expect(liveTextAt(pushed, at('2026-11-21T10:00:00Z'), true)).toBe('Enjoy the pattern!');
  });

  test('nothing when the message was saved after the payment, or is empty', () => {
    expect(liveTextAt(pushed, at('2026-11-19T10:00:00Z'), false)).toBeNull();
    expect(
      liveTextAt({ ...pushed, pushedMessage: '  ' }, at('2026-11-21T10:00:00Z'), false),
    ).toBeNull();
  });

  test('changed on Etsy: Etsy’s texts, from the time Thankly noticed, and nothing before', () => {
    const changed = {
      ...pushed,
      etsyMessage: 'Edited on Etsy',
      etsyDigitalMessage: '',
      changedOnEtsyAt: at('2026-11-22T10:00:00Z'),
    };
    expect(liveTextAt(changed, at('2026-11-23T10:00:00Z'), false)).toBe('Edited on Etsy');
    expect(liveTextAt(changed, at('2026-11-23T10:00:00Z'), true)).toBeNull();
    expect(liveTextAt(changed, at('2026-11-21T10:00:00Z'), false)).toBeNull();
  });

  test('never saved from Thankly: the texts it read on Etsy, once it had looked', () => {
    const read = { ...base, checkedAt: at('2026-11-20T10:00:00Z') };
    expect(liveTextAt(read, at('2026-11-21T10:00:00Z'), false)).toBe('Thanks, [shop-name]!');
    expect(liveTextAt(read, at('2026-11-19T10:00:00Z'), false)).toBeNull();
    expect(liveTextAt(base, at('2026-11-21T10:00:00Z'), false)).toBeNull();
  });
});

describe('Etsy’s expected ship date', () => {
  const receipt = (transactions: unknown[]) =>
    toMarketplaceOrder(
      etsyReceiptSchema.parse({
        receipt_id: 42,
        is_paid: true,
        created_timestamp: 1_764_000_000,
        transactions,
      }),
    );

  test('the parcel ships by its first physical item’s date; downloads ship nothing', () => {
    const order = receipt([
      { title: 'Mug', expected_ship_date: 1_764_500_000, is_digital: false },
      { title: 'Vase', expected_ship_date: 1_764_300_000, is_digital: false },
      { title: 'Pattern', expected_ship_date: 1_764_000_000, is_digital: true },
    ]);
    expect(order.shipBy).toBe(new Date(1_764_300_000 * 1000).toISOString());
    expect(order.digitalOnly).toBe(false);
    expect(shipDay(order, 'UTC', 3)).toEqual({ day: '2025-11-28', source: 'marketplace' });

    const download = receipt([{ title: 'Pattern', is_digital: true }]);
    expect(download.digitalOnly).toBe(true);
    expect(shipDay(download, 'UTC', 3)).toBeNull();
  });

  test('a receipt without the field, or with a wrong type, falls back to the seller’s days', () => {
    const order = receipt([{ title: 'Mug', expected_ship_date: 'soon' }]);
    expect(order.shipBy).toBeNull();
    expect(shipDay(order, 'UTC', 2)?.source).toBe('processing-days');
  });
});
