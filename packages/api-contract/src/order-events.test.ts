import { describe, expect, test } from 'vitest';
import {
  JOURNEY_TRIGGERS,
  ORDER_EVENTS,
  ORDER_EVENT_FACTS,
  ORDER_PROGRESS,
  TRIGGER_LABELS,
  previousOrderEvent,
} from './order-events.ts';
import { unreportedEventMessage } from './journeys.ts';

describe('the order-event registry (issue 39 point 2)', () => {
  test('one entry per event drives the triggers, the progress and the labels', () => {
    expect(ORDER_EVENTS).toEqual(['paid', 'shipped', 'delivered']);
    expect(JOURNEY_TRIGGERS).toEqual([...ORDER_EVENTS, 'after-previous']);
    expect(ORDER_PROGRESS).toEqual([...ORDER_EVENTS, 'cancelled']);
    expect(Object.keys(TRIGGER_LABELS)).toEqual([...JOURNEY_TRIGGERS]);
    for (const event of ORDER_EVENTS) {
      expect(TRIGGER_LABELS[event]).toBe(ORDER_EVENT_FACTS[event].trigger);
    }
  });

  test('payment alone has no field or unreported words: every order has it', () => {
    for (const event of ORDER_EVENTS) {
      const { orderField, unreported } = ORDER_EVENT_FACTS[event];
      expect(orderField === null).toBe(event === 'paid');
      expect(unreported === null).toBe(event === 'paid');
    }
  });

  test('an unreported event points to the trigger before it, in the same words as before', () => {
    expect(previousOrderEvent('paid')).toBeUndefined();
    expect(previousOrderEvent('delivered')).toBe('shipped');
    expect(unreportedEventMessage(['Etsy'], 'delivered')).toBe(
      'Etsy doesn’t tell Thankly when a parcel is delivered, so this step is never sent for Etsy orders: choose “When the order ships” with a wait instead.',
    );
    expect(unreportedEventMessage(['WooCommerce'], 'shipped')).toContain('When the order is paid');
  });
});
