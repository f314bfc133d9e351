import { describe, expect, it } from 'vitest';
import { sellerTokenSources } from './token-sources.ts';

describe('sellerTokenSources', () => {
  it('keeps the coupon code and says which connected shops can fill shop tokens', () => {
    expect(
      sellerTokenSources('SAVE10', [
        { marketplace: 'etsy', url: 'https://www.etsy.com/shop/a', status: 'connected' },
        { marketplace: 'woocommerce', url: 'https://b.example', status: 'connected' },
        { marketplace: 'demo', url: null, status: 'connected' },
      ]),
    ).toEqual({
      couponCode: 'SAVE10',
      shops: [
        { url: 'https://www.etsy.com/shop/a', providesTrackingLinks: true },
        { url: 'https://b.example', providesTrackingLinks: false },
        // The demo shop ships with its demo carrier's links.
        { url: null, providesTrackingLinks: true },
      ],
    });
  });

  it('leaves out a disconnected shop: it sends no orders', () => {
    expect(
      sellerTokenSources('', [
        { marketplace: 'shopify', url: 'https://c.example', status: 'disconnected' },
      ]).shops,
    ).toEqual([]);
  });
});
