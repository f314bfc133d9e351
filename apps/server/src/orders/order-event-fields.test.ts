import { describe, expect, test } from 'vitest';
import { ORDER_EVENTS, ORDER_EVENT_FACTS } from '@thankly/api-contract';
import { MARKETPLACE_MODULES } from '../marketplace/registry.ts';
import { marketplaceOrderSchema } from './marketplace-order.ts';

describe('order events against the stored order (issue 39 point 2)', () => {
  test('every event but payment is read from a field of the normalised order', () => {
    const fields = Object.keys(marketplaceOrderSchema.shape);
    for (const event of ORDER_EVENTS) {
      const { orderField } = ORDER_EVENT_FACTS[event];
      if (orderField) expect(fields).toContain(orderField);
    }
  });

  test('each marketplace reports payment and only events of the registry', () => {
    for (const module of Object.values(MARKETPLACE_MODULES)) {
      expect(module.orderEvents).toContain('paid');
      for (const event of module.orderEvents) expect(ORDER_EVENTS).toContain(event);
    }
  });
});
