import { describe, expect, test } from 'vitest';
import { MARKETPLACES } from '@thankly/api-contract';
import { MARKETPLACE_MODULES, marketplaceOrderUrl } from './registry.ts';
import { oauthRedirectUri } from './shops-service.ts';

describe('the order in the marketplace’s seller dashboard', () => {
  test('Etsy: the sold order by its receipt id', () => {
    expect(
      marketplaceOrderUrl({ marketplace: 'etsy', externalId: '123', url: null }, '98765'),
    ).toBe('https://www.etsy.com/your/orders/sold?order_id=98765');
  });

  test('Shopify: the order in the shop’s own admin', () => {
    expect(
      marketplaceOrderUrl(
        { marketplace: 'shopify', externalId: 'pots.myshopify.com', url: null },
        '450789469',
      ),
    ).toBe('https://pots.myshopify.com/admin/orders/450789469');
  });

  test('WooCommerce: the order screen under the store’s address, in a subfolder too', () => {
    const woo = (url: string) =>
      marketplaceOrderUrl({ marketplace: 'woocommerce', externalId: url, url }, '42');
    expect(woo('https://shop.example.com')).toBe(
      'https://shop.example.com/wp-admin/post.php?post=42&action=edit',
    );
    expect(woo('https://example.com/store/')).toBe(
      'https://example.com/store/wp-admin/post.php?post=42&action=edit',
    );
  });

  test('an order id cannot steer the link elsewhere; the demo shop has no dashboard', () => {
    expect(
      marketplaceOrderUrl({ marketplace: 'etsy', externalId: '1', url: null }, '1&ref=//evil'),
    ).toBe('https://www.etsy.com/your/orders/sold?order_id=1%26ref%3D%2F%2Fevil');
    expect(
      marketplaceOrderUrl(
        { marketplace: 'shopify', externalId: 'a.myshopify.com', url: null },
        '../x',
      ),
    ).toBe('https://a.myshopify.com/admin/orders/..%2Fx');
    expect(
      marketplaceOrderUrl({ marketplace: 'demo', externalId: 'd', url: null }, '1'),
    ).toBeNull();
  });
});

describe('the marketplace registry', () => {
  test('has one module per marketplace of the contract, under its own id', () => {
    expect(Object.keys(MARKETPLACE_MODULES).sort()).toEqual([...MARKETPLACES].sort());
    for (const [id, module] of Object.entries(MARKETPLACE_MODULES)) expect(module.id).toBe(id);
  });

  test('sends OAuth marketplaces back to a callback of their own, the demo shop to Etsy’s', () => {
    expect(oauthRedirectUri('https://thankly.example', 'etsy')).toBe(
      'https://thankly.example/api/etsy/callback',
    );
    expect(oauthRedirectUri('https://thankly.example', 'shopify')).toBe(
      'https://thankly.example/api/shopify/callback',
    );
    expect(oauthRedirectUri('https://thankly.example', 'demo')).toBe(
      'https://thankly.example/api/etsy/callback',
    );
    expect(() => oauthRedirectUri('https://thankly.example', 'woocommerce')).toThrow(/OAuth/);
  });
});
