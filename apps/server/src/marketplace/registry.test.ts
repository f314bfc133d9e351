import { describe, expect, test } from 'vitest';
import {
  ASSUMED_CONNECTABLE,
  CONNECTABLE_MARKETPLACES,
  MARKETPLACES,
  MARKETPLACE_FACTS,
  OAUTH_CALLBACK_PATHS,
  oauthCallbackPath,
} from '@thankly/api-contract';
import { loadConfig } from '../app-config.ts';
import type { MarketplaceModule } from './marketplace-module.ts';
import {
  MARKETPLACE_CONFIG_SECTIONS,
  MARKETPLACE_MODULES,
  loadMarketplaceJobs,
  marketplaceOrderUrl,
} from './registry.ts';
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

describe('what a marketplace carries with it (issue 39 point 2)', () => {
  const modules = Object.values(MARKETPLACE_MODULES) as MarketplaceModule[];

  test('a module’s callback is one the web app hands to the server, and only OAuth ones have one', () => {
    for (const module of modules) {
      const oauth = MARKETPLACE_FACTS[module.id].connect === 'oauth';
      if (module.callbackPath) expect(OAUTH_CALLBACK_PATHS).toContain(module.callbackPath);
      if (oauth) expect(module.callbackPath).toBe(oauthCallbackPath(module.id));
    }
    expect(OAUTH_CALLBACK_PATHS).toEqual(['/api/etsy/callback', '/api/shopify/callback']);
  });

  test('each marketplace’s jobs come with its module, under names no other job has', async () => {
    const jobs = await loadMarketplaceJobs();
    const names = jobs.map(({ job }) => job.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(
      ['purchase-message-switches', 'shopify-paid-order', 'woocommerce-order'].sort(),
    );
  });

  test('each marketplace’s settings are read from its own variables into config under its id', () => {
    const sections = Object.entries(MARKETPLACE_CONFIG_SECTIONS);
    expect(sections.map(([id]) => id).sort()).toEqual(['etsy', 'shopify']);
    for (const [id, section] of sections) {
      for (const name of Object.keys(section.envFields))
        expect(name).toMatch(`${id.toUpperCase()}_`);
    }
    const config = loadConfig({ NODE_ENV: 'test', SHOPIFY_API_KEY: 'k', SHOPIFY_API_SECRET: 's' });
    expect(config.etsy.pollSeconds).toBe(300);
    expect(config.shopify?.apiKey).toBe('k');
  });

  test('GET /api/shops says which marketplaces can be connected: all but the stand-in', () => {
    expect(CONNECTABLE_MARKETPLACES).toEqual(['etsy', 'shopify', 'woocommerce']);
    expect(ASSUMED_CONNECTABLE).toEqual({ etsy: false, shopify: false, woocommerce: true });
  });
});
