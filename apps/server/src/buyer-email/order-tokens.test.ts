import { describe, expect, test } from 'vitest';
import type { MarketplaceOrder } from '../orders/marketplace-order.ts';
import { formatMoney, orderTokenValues, splitName } from './order-tokens.ts';

const order: MarketplaceOrder = {
  externalId: '54321',
  orderNumber: '54321',
  isPaid: true,
  buyerName: 'Ada  King Lovelace',
  buyerFirstName: null,
  buyerLastName: null,
  buyerEmail: 'ada@example.com',
  createdAt: '2026-03-14T23:30:00.000Z',
  updatedAt: '2026-03-14T23:30:00.000Z',
  productTitles: ['Mug', 'Tea towel'],
  total: { amount: 4800, divisor: 100, currency: 'USD' },
  trackingUrl: null,
};

describe('order tokens', () => {
  test('split a full name into first and the rest', () => {
    expect(splitName('Ada  King Lovelace')).toEqual({ first: 'Ada', last: 'King Lovelace' });
    expect(splitName('Ada')).toEqual({ first: 'Ada', last: undefined });
    expect(splitName('  ')).toEqual({ first: undefined, last: undefined });
    expect(splitName(null)).toEqual({ first: undefined, last: undefined });
  });

  test('format totals in their currency', () => {
    expect(formatMoney({ amount: 4800, divisor: 100, currency: 'USD' })).toBe('$48.00');
    expect(formatMoney({ amount: 1999, divisor: 100, currency: 'EUR' })).toBe('€19.99');
    expect(formatMoney({ amount: 500, divisor: 1, currency: 'JPY' })).toBe('¥500');
    expect(formatMoney(null)).toBeUndefined();
  });

  test('fill every token from the order, dated in Athens', () => {
    expect(
      orderTokenValues(
        order,
        { name: 'Juniper & Clay', url: 'https://shop.example', marketplace: 'woocommerce' },
        'THANKS20',
      ),
    ).toEqual({
      'customer-first-name': 'Ada',
      'customer-last-name': 'King Lovelace',
      'order-number': '54321',
      // 23:30 UTC on 14 March is already 15 March in Athens.
      'order-date': 'March 15, 2026',
      'product-title-list': 'Mug, Tea towel',
      'shop-name': 'Juniper & Clay',
      'shop-url': 'https://shop.example',
      // A store takes its reviews on its own pages.
      'review-link': 'https://shop.example',
      'coupon-code': 'THANKS20',
      'order-total': '$48.00',
      'tracking-link': undefined,
      'tracking-number': undefined,
    });
  });

  test('count the buyer’s orders and welcome back only a buyer who ordered before', () => {
    const shop = { name: 'S', url: null, marketplace: 'etsy' } as const;
    const tokens = (count: number | null) => {
      const values = orderTokenValues(order, shop, '', count);
      return [values['order-count'], values['welcome-back']];
    };
    expect(tokens(1)).toEqual(['1', undefined]);
    expect(tokens(2)).toEqual(['2', 'Welcome back!']);
    expect(tokens(12)).toEqual(['12', 'Welcome back!']);
    // Recorded before buyers were counted: neither is known, so neither shows.
    expect(tokens(null)).toEqual([undefined, undefined]);
    expect(orderTokenValues(order, shop, '')['order-count']).toBeUndefined();
  });

  test('fill the tracking tokens once the order has shipped', () => {
    const shipped = orderTokenValues(
      {
        ...order,
        shippedAt: '2026-03-16T09:00:00.000Z',
        trackingNumber: ' 1Z999AA10123456784 ',
        trackingUrl: 'https://carrier.example/track/1Z999AA10123456784',
      },
      { name: 'S', url: null, marketplace: 'demo' },
      '',
    );
    expect(shipped['tracking-number']).toBe('1Z999AA10123456784');
    expect(shipped['tracking-link']).toBe('https://carrier.example/track/1Z999AA10123456784');
    expect(
      orderTokenValues(
        { ...order, trackingNumber: '  ' },
        { name: 'S', url: null, marketplace: 'demo' },
        '',
      )['tracking-number'],
    ).toBeUndefined();
  });

  test('lead a review to the marketplace’s own review place: Etsy’s Purchases page, not the shop', () => {
    const etsy = {
      name: 'S',
      url: 'https://www.etsy.com/shop/Juniper',
      marketplace: 'etsy',
    } as const;
    expect(orderTokenValues(order, etsy, '')['review-link']).toBe(
      'https://www.etsy.com/your/purchases',
    );
    const shopify = { name: 'S', url: 'https://juniper.example', marketplace: 'shopify' } as const;
    expect(orderTokenValues(order, shopify, '')['review-link']).toBe('https://juniper.example');
  });

  test('prefer a marketplace’s own first and last names', () => {
    const values = orderTokenValues(
      { ...order, buyerFirstName: 'A.', buyerLastName: 'L.' },
      { name: 'S', url: null, marketplace: 'demo' },
      '',
    );
    expect(values['customer-first-name']).toBe('A.');
    expect(values['customer-last-name']).toBe('L.');
    expect(values['coupon-code']).toBeUndefined();
  });
});
