import { describe, expect, it } from 'vitest';
import { designSchema } from '../schema/design.ts';
import { createDefaultTemplate } from '../template/default-template.ts';
import { reviewIncentiveOf } from './review-incentive.ts';

const offersCoupon = (email: Parameters<typeof reviewIncentiveOf>[0]) =>
  reviewIncentiveOf(email)?.kind === 'coupon';

const withoutCoupon = designSchema.parse({
  blocks: [{ id: 't', type: 'text', content: 'Thank you for your order [order-number]!' }],
});

describe('a coupon in a review request', () => {
  it('finds [coupon-code] in a block, the subject or the preheader', () => {
    expect(offersCoupon({ subject: 'Thanks', design: withoutCoupon })).toBe(false);
    expect(offersCoupon({ subject: 'Your code [coupon-code]', design: withoutCoupon })).toBe(true);
    expect(
      offersCoupon({ subject: 'Thanks', preheader: '[coupon-code|SAVE10]', design: withoutCoupon }),
    ).toBe(true);
  });

  it('finds the default template’s coupon button', () => {
    expect(offersCoupon(createDefaultTemplate())).toBe(true);
  });

  it('ignores words that only look like the token', () => {
    expect(offersCoupon({ subject: '[coupon code] [coupon-codes]', design: withoutCoupon })).toBe(
      false,
    );
  });
});
