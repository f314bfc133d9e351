import { describe, expect, test } from 'vitest';
import { isPaidWooOrder, toMarketplaceOrder, wooDate, wooOrderSchema } from './woo-order.ts';

const order = (fields: Record<string, unknown>) =>
  wooOrderSchema.parse({ id: 727, status: 'processing', ...fields });

describe('WooCommerce orders', () => {
  test('paid means processing or completed, or a paid date on a live order', () => {
    expect(isPaidWooOrder(order({ status: 'processing' }))).toBe(true);
    expect(isPaidWooOrder(order({ status: 'completed' }))).toBe(true);
    expect(isPaidWooOrder(order({ status: 'pending' }))).toBe(false);
    expect(isPaidWooOrder(order({ status: 'on-hold' }))).toBe(false);
    expect(isPaidWooOrder(order({ status: 'on-hold', date_paid_gmt: '2026-09-01T10:00:00' }))).toBe(
      true,
    );
    expect(
      isPaidWooOrder(order({ status: 'refunded', date_paid_gmt: '2026-09-01T10:00:00' })),
    ).toBe(false);
    expect(isPaidWooOrder(order({ status: 'cancelled', date_paid: '2026-09-01T10:00:00' }))).toBe(
      false,
    );
  });

  test('GMT dates without a zone are read as UTC', () => {
    expect(wooDate('2026-09-01T10:15:00')?.toISOString()).toBe('2026-09-01T10:15:00.000Z');
    expect(wooDate('2026-09-01T10:15:00+02:00')?.toISOString()).toBe('2026-09-01T08:15:00.000Z');
    expect(wooDate('yesterday')).toBeNull();
    expect(wooDate(null)).toBeNull();
  });

  test('maps billing names and email, line item names, the paid time and the exact total', () => {
    expect(
      toMarketplaceOrder(
        order({
          number: '727',
          currency: 'EUR',
          total: '29.35',
          date_created_gmt: '2026-09-01T10:00:00',
          date_modified_gmt: '2026-09-01T10:05:00',
          date_paid_gmt: '2026-09-01T10:02:00',
          billing: { first_name: 'John', last_name: 'Doe', email: 'john.doe@example.com' },
          line_items: [{ name: 'Woo Single #1' }, { name: ' ' }, { name: 'Ship Your Idea' }],
        }),
        new Date(),
      ),
    ).toEqual({
      externalId: '727',
      orderNumber: '727',
      isPaid: true,
      buyerName: null,
      buyerFirstName: 'John',
      buyerLastName: 'Doe',
      buyerEmail: 'john.doe@example.com',
      createdAt: '2026-09-01T10:00:00.000Z',
      updatedAt: '2026-09-01T10:05:00.000Z',
      paidAt: '2026-09-01T10:02:00.000Z',
      productTitles: ['Woo Single #1', 'Ship Your Idea'],
      total: { amount: 2935, divisor: 100, currency: 'EUR' },
      trackingUrl: null,
      couponCodes: [],
    });
  });
});
