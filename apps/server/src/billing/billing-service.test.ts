import { describe, expect, test } from 'vitest';
import { loadConfig } from '../app-config.ts';
import { ConfigError } from '../infrastructure/config/env.ts';
import { planFromSubscriptions } from './billing-service.ts';
import { PriceCatalog, type ProviderSubscription } from './payment-provider.ts';

const catalog = new PriceCatalog({
  growth: { month: 'p_gm', year: 'p_gy' },
  business: { month: 'p_bm', year: 'p_by' },
});

const subscription = (status: string, priceId: string): ProviderSubscription => ({
  id: `sub_${status}_${priceId}`,
  customerId: 'cus_1',
  status,
  cancelAtPeriodEnd: false,
  items: [{ id: 'si_1', priceId, currentPeriodEnd: null }],
});

describe('the plan a customer pays for', () => {
  test('is Starter with no subscription', () => {
    expect(planFromSubscriptions([], catalog)).toBe('free');
  });

  test('follows live subscriptions; past_due keeps the plan while Stripe retries', () => {
    expect(planFromSubscriptions([subscription('active', 'p_gy')], catalog)).toBe('growth');
    expect(planFromSubscriptions([subscription('trialing', 'p_bm')], catalog)).toBe('business');
    expect(planFromSubscriptions([subscription('past_due', 'p_gm')], catalog)).toBe('growth');
  });

  test('ignores ended, unpaid and unfinished subscriptions', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused']) {
      expect(planFromSubscriptions([subscription(status, 'p_bm')], catalog)).toBe('free');
    }
  });

  test('takes the highest tier when there are several, and ignores prices that are not ours', () => {
    const subs = [
      subscription('canceled', 'p_bm'),
      subscription('active', 'p_gm'),
      subscription('active', 'price_someone_elses'),
    ];
    expect(planFromSubscriptions(subs, catalog)).toBe('growth');
    expect(planFromSubscriptions([...subs, subscription('active', 'p_by')], catalog)).toBe(
      'business',
    );
  });

  test('the catalog maps prices both ways', () => {
    expect(catalog.priceFor('business', 'year')).toEqual({
      planId: 'business',
      interval: 'year',
      priceId: 'p_by',
    });
    expect(catalog.choiceOf('p_gm')).toEqual({
      planId: 'growth',
      interval: 'month',
      priceId: 'p_gm',
    });
    expect(catalog.choiceOf('p_other')).toBeUndefined();
    expect(catalog.all()).toHaveLength(4);
  });
});

describe('Stripe settings', () => {
  const all = {
    STRIPE_SECRET_KEY: 'sk_test_1',
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
    STRIPE_PRICE_GROWTH_MONTH: 'p_gm',
    STRIPE_PRICE_GROWTH_YEAR: 'p_gy',
    STRIPE_PRICE_BUSINESS_MONTH: 'p_bm',
    STRIPE_PRICE_BUSINESS_YEAR: 'p_by',
  };

  test('none means the demo checkout; all of them mean Stripe', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ ...all, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      prices: {
        growth: { month: 'p_gm', year: 'p_gy' },
        business: { month: 'p_bm', year: 'p_by' },
      },
      apiUrl: 'http://127.0.0.1:12111',
    });
  });

  test('some but not all is a start-up error naming what is missing, never a value', () => {
    const { STRIPE_WEBHOOK_SECRET: _missing, ...partial } = all;
    try {
      loadConfig(partial);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain('STRIPE_WEBHOOK_SECRET');
      expect((error as Error).message).not.toContain('sk_test_1');
    }
    expect(() => loadConfig({ ...all, STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL/);
  });
});
