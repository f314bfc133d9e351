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
    // Paid, then refunded or cancelled: it was paid (cancelledAt says the rest); never paid: not.
    expect(
      isPaidWooOrder(order({ status: 'refunded', date_paid_gmt: '2026-09-01T10:00:00' })),
    ).toBe(true);
    expect(isPaidWooOrder(order({ status: 'cancelled', date_paid: '2026-09-01T10:00:00' }))).toBe(
      true,
    );
    expect(isPaidWooOrder(order({ status: 'cancelled' }))).toBe(false);
    expect(isPaidWooOrder(order({ status: 'failed', date_paid_gmt: '2026-09-01T10:00:00' }))).toBe(
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
      trackingNumber: null,
      shippedAt: null,
      deliveredAt: null,
      cancelledAt: null,
      couponCodes: [],
    });
  });

  test('completed is shipped; refunded and cancelled are cancelled at the last change', () => {
    const dates = {
      date_paid_gmt: '2026-09-01T10:02:00',
      date_modified_gmt: '2026-09-04T08:00:00',
    };
    expect(
      toMarketplaceOrder(
        order({ ...dates, status: 'completed', date_completed_gmt: '2026-09-02T16:00:00' }),
        new Date(),
      ),
    ).toMatchObject({ shippedAt: '2026-09-02T16:00:00.000Z', cancelledAt: null });
    // Completed without a completion date: its last change.
    expect(toMarketplaceOrder(order({ ...dates, status: 'completed' }), new Date()).shippedAt).toBe(
      '2026-09-04T08:00:00.000Z',
    );
    for (const status of ['refunded', 'cancelled'])
      expect(toMarketplaceOrder(order({ ...dates, status }), new Date())).toMatchObject({
        isPaid: true,
        shippedAt: null,
        cancelledAt: '2026-09-04T08:00:00.000Z',
      });
  });

  test('reads the Shipment Tracking extension’s newest parcel, and ignores what is not one', () => {
    const tracked = (value: unknown, status = 'processing') =>
      toMarketplaceOrder(
        order({
          status,
          date_modified_gmt: '2026-09-04T08:00:00',
          meta_data: [
            { id: 1, key: '_other_plugin', value: 'x' },
            { id: 2, key: '_wc_shipment_tracking_items', value },
          ],
        }),
        new Date(),
      );
    const parcel = {
      tracking_provider: '',
      custom_tracking_provider: 'Courier',
      custom_tracking_link: 'https://courier.example/t?n=%1$s',
      tracking_number: 'AB 12',
      date_shipped: '1788220800',
      tracking_id: 'f00',
    };
    // A parcel on a processing order: shipped at its date, before the order is marked completed.
    expect(tracked([{ ...parcel, tracking_number: 'OLD1' }, parcel])).toMatchObject({
      trackingNumber: 'AB 12',
      trackingUrl: 'https://courier.example/t?n=AB%2012',
      shippedAt: '2026-09-01T00:00:00.000Z',
    });
    expect(tracked([{ ...parcel, custom_tracking_link: 'javascript:alert(1)' }]).trackingUrl).toBe(
      null,
    );
    for (const junk of ['a string', null, { not: 'a list' }, [42, 'x']])
      expect(tracked(junk)).toMatchObject({
        trackingNumber: null,
        trackingUrl: null,
        shippedAt: null,
      });
  });
});
