import { describe, expect, test } from 'vitest';
import { MARKETPLACE_FACTS, ORDER_EVENTS, ORDER_EVENT_FACTS } from '@thankly/api-contract';
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
    for (const facts of Object.values(MARKETPLACE_FACTS)) {
      expect(facts.orderEvents).toContain('paid');
      for (const event of facts.orderEvents) expect(ORDER_EVENTS).toContain(event);
    }
  });
});
