import { describe, expect, test } from 'vitest';
import { shopifyOrderSchema, toMarketplaceOrder } from './shopify-order.ts';

const now = new Date('2026-09-01T10:00:00Z');
const map = (order: unknown, topic = 'orders/paid') =>
  toMarketplaceOrder(shopifyOrderSchema.parse(order), { topic, now });

describe('a Shopify order in the pipeline’s shape', () => {
  test('takes the customer, the order name, line item titles, the exact total and tracking', () => {
    expect(
      map({
        id: 820982911946154500,
        name: '#1001',
        order_number: 1001,
        email: ' Bob.Norman@Example.com ',
        customer: { first_name: 'Bob', last_name: 'Norman', email: 'bob@example.com' },
        total_price: '199.65',
        currency: 'USD',
        financial_status: 'paid',
        line_items: [
          { title: 'IPod Nano - 8GB', name: 'IPod Nano - 8GB - Pink' },
          { name: 'Gift wrap' },
        ],
        fulfillments: [{ tracking_url: null, tracking_urls: ['https://track.example.com/1Z'] }],
        created_at: '2026-08-31T12:00:00-04:00',
      }),
    ).toEqual({
      externalId: '820982911946154500',
      orderNumber: '#1001',
      isPaid: true,
      buyerName: null,
      buyerFirstName: 'Bob',
      buyerLastName: 'Norman',
      buyerEmail: 'Bob.Norman@Example.com',
      createdAt: '2026-08-31T16:00:00.000Z',
      updatedAt: '2026-08-31T16:00:00.000Z',
      productTitles: ['IPod Nano - 8GB', 'Gift wrap'],
      total: { amount: 19965, divisor: 100, currency: 'USD' },
      trackingUrl: 'https://track.example.com/1Z',
      trackingNumber: null,
      // A fulfilment without any time of its own, on an order without one: none is made up.
      shippedAt: null,
      deliveredAt: null,
      cancelledAt: null,
      couponCodes: [],
    });
  });

  test('falls back to the billing name, the order number and the customer’s email', () => {
    const order = map({
      id: '42',
      order_number: 1042,
      email: '',
      customer: { email: 'c@example.com' },
      billing_address: { name: 'Ada Lovelace' },
      total_price: '10',
      currency: 'jpy',
    });
    expect(order).toMatchObject({
      orderNumber: '1042',
      buyerName: 'Ada Lovelace',
      buyerFirstName: null,
      buyerEmail: 'c@example.com',
      total: { amount: 10, divisor: 1, currency: 'JPY' },
      trackingUrl: null,
      createdAt: now.toISOString(),
    });
  });

  test('redacted customer data and other topics are handled without guessing', () => {
    const redacted = map({ id: 1, name: '#7', email: null, customer: null, total_price: 'n/a' });
    expect(redacted).toMatchObject({ buyerEmail: null, buyerFirstName: null, total: null });
    expect(map({ id: 2, financial_status: 'pending' }, 'orders/create').isPaid).toBe(false);
    expect(map({ id: 3, financial_status: 'paid' }, 'orders/create').isPaid).toBe(true);
    expect(
      map({ id: 4, fulfillments: [{ tracking_url: 'javascript:alert(1)' }] }).trackingUrl,
    ).toBe(null);
  });

  describe('after its payment', () => {
    const base = {
      id: 9001,
      name: '#1090',
      financial_status: 'paid',
      created_at: '2026-09-01T08:00:00Z',
      updated_at: '2026-09-03T09:00:00Z',
    };
    const parcel = (fields: Record<string, unknown>) => ({
      status: 'success',
      created_at: '2026-09-02T10:00:00Z',
      updated_at: '2026-09-02T10:00:00Z',
      tracking_number: '1Z999AA10123456784',
      tracking_numbers: ['1Z999AA10123456784'],
      tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      tracking_urls: ['https://www.ups.com/track?tracknum=1Z999AA10123456784'],
      shipment_status: 'in_transit',
      ...fields,
    });

    test('a fulfilled order carries its first parcel’s time and its latest parcel’s tracking', () => {
      const order = map(
        {
          ...base,
          fulfillments: [
            parcel({}),
            parcel({
              created_at: '2026-09-03T08:00:00Z',
              tracking_number: 'LATEST2',
              tracking_numbers: ['LATEST2'],
              tracking_url: 'https://carrier.example/LATEST2',
              tracking_urls: [],
            }),
            // A parcel that never went out counts for nothing.
            parcel({
              status: 'cancelled',
              created_at: '2026-09-03T09:00:00Z',
              tracking_number: 'VOID',
              tracking_url: 'https://carrier.example/VOID',
            }),
          ],
        },
        'read',
      );
      expect(order).toMatchObject({
        isPaid: true,
        shippedAt: '2026-09-02T10:00:00.000Z',
        trackingNumber: 'LATEST2',
        trackingUrl: 'https://carrier.example/LATEST2',
        deliveredAt: null,
        cancelledAt: null,
      });
      expect(map({ ...base, fulfillments: [] }, 'read')).toMatchObject({
        shippedAt: null,
        trackingNumber: null,
        trackingUrl: null,
      });
    });

    test('delivered once every parcel is, at the last one’s delivery', () => {
      const one = parcel({ shipment_status: 'delivered', updated_at: '2026-09-04T12:00:00Z' });
      const two = parcel({ created_at: '2026-09-02T11:00:00Z', shipment_status: 'in_transit' });
      expect(map({ ...base, fulfillments: [one, two] }, 'read').deliveredAt).toBeNull();
      const both = [
        one,
        { ...two, shipment_status: 'delivered', updated_at: '2026-09-05T07:30:00Z' },
      ];
      expect(map({ ...base, fulfillments: both }, 'read').deliveredAt).toBe(
        '2026-09-05T07:30:00.000Z',
      );
    });

    test('cancelled at cancelled_at; refunded in full at the refund’s time, else the last update', () => {
      const cancelled = map(
        { ...base, financial_status: 'refunded', cancelled_at: '2026-09-02T15:00:00-02:00' },
        'orders/cancelled',
      );
      // Paid, then cancelled and refunded: still paid; the journey reads cancelledAt.
      expect(cancelled).toMatchObject({ isPaid: true, cancelledAt: '2026-09-02T17:00:00.000Z' });
      const refunded = map(
        {
          ...base,
          financial_status: 'refunded',
          refunds: [
            { created_at: '2026-09-02T12:00:00Z', processed_at: '2026-09-02T12:00:05Z' },
            { created_at: '2026-09-03T08:00:00Z' },
          ],
        },
        'read',
      );
      expect(refunded).toMatchObject({ isPaid: true, cancelledAt: '2026-09-03T08:00:00.000Z' });
      expect(map({ ...base, financial_status: 'refunded' }, 'read').cancelledAt).toBe(
        '2026-09-03T09:00:00.000Z',
      );
      // A partial refund does not stop anything.
      expect(
        map(
          {
            ...base,
            financial_status: 'partially_refunded',
            refunds: [{ created_at: '2026-09-02T12:00:00Z' }],
          },
          'read',
        ).cancelledAt,
      ).toBeNull();
      // Cancelled before payment (authorisation voided): never paid.
      expect(
        map({ ...base, financial_status: 'voided', cancelled_at: '2026-09-02T15:00:00Z' }, 'read'),
      ).toMatchObject({ isPaid: false, cancelledAt: '2026-09-02T15:00:00.000Z' });
    });

    test('an unpaid order’s body replayed under orders/paid is not taken as paid', () => {
      expect(map({ ...base, financial_status: 'pending' }, 'orders/paid').isPaid).toBe(false);
      expect(map({ ...base, financial_status: 'authorized' }, 'orders/paid').isPaid).toBe(false);
    });
  });
});
