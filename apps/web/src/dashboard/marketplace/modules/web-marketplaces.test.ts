import { describe, expect, test } from 'vitest';
import { MARKETPLACES, MARKETPLACE_FACTS } from '@thankly/api-contract/catalog';
import type { WebMarketplaceModule } from './web-marketplace-module.ts';
import { WEB_MARKETPLACES } from './web-marketplaces.ts';

describe('the dashboard’s marketplace registry (issue 39 point 2)', () => {
  test('has one module per marketplace of the contract, under its own id', () => {
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
});
