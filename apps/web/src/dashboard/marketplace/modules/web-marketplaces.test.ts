import { describe, expect, test } from 'vitest';
import { MARKETPLACES, MARKETPLACE_FACTS } from '@thankly/api-contract/catalog';
import type { WebMarketplaceModule } from './web-marketplace-module.ts';
import { WEB_MARKETPLACES, webMarketplaces } from './web-marketplaces.ts';

describe('the dashboard’s marketplace registry (issue 39 point 2)', () => {
  test('finds one module per marketplace of the contract, under its own id', () => {
    expect(Object.keys(WEB_MARKETPLACES).sort()).toEqual([...MARKETPLACES].sort());
    for (const [id, module] of Object.entries(WEB_MARKETPLACES)) expect(module.id).toBe(id);
  });

  test('every marketplace a seller connects has a way to connect; a stand-in has none of its own', () => {
    for (const marketplace of MARKETPLACES) {
      const module: WebMarketplaceModule = WEB_MARKETPLACES[marketplace];
      const standIn = MARKETPLACE_FACTS[marketplace].connect === 'stand-in';
      expect(module.connect === undefined).toBe(standIn);
    }
  });

  const files = Object.fromEntries(
    Object.values(WEB_MARKETPLACES).map((m) => [`./${m.id}-web.tsx`, m]),
  );

  test('a marketplace of the contract without its file stops the app, naming the file', () => {
    const { './shopify-web.tsx': _left, ...withoutShopify } = files;
    expect(() => webMarketplaces(withoutShopify)).toThrow('No web module for ./shopify-web.tsx');
  });

  test('a file under another marketplace’s name, or one the contract does not know, stops the app', () => {
    expect(() => webMarketplaces({ ...files, './etsy-web.tsx': WEB_MARKETPLACES.shopify })).toThrow(
      './etsy-web.tsx is not the web module of a marketplace the contract names',
    );
    const unknown = { id: 'ebay' } as unknown as WebMarketplaceModule;
    expect(() => webMarketplaces({ ...files, './ebay-web.tsx': unknown })).toThrow(
      './ebay-web.tsx is not the web module',
    );
  });
});
