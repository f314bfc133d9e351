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
});
