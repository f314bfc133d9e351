import { describe, expect, it } from 'vitest';
import { createDefaultTemplate } from '../template/default-template.ts';
import { findReviewIncentive, reviewIncentiveOf } from './review-incentive.ts';

describe('review incentives', () => {
  it('finds the coupon token, a reward offered for a review, and a particular rating asked for', () => {
    expect(findReviewIncentive(['Here is [coupon-code] for you'])?.kind).toBe('coupon');
    expect(findReviewIncentive(['Leave a review and get 10% off your next order'])).toEqual({
      kind: 'reward',
      phrase: 'review and get 10% off',
    });
    expect(findReviewIncentive(['We send a free gift for every review!'])?.kind).toBe('reward');
    expect(
      findReviewIncentive(['Use code THANKS20 for a discount when you post your review'])?.kind,
    ).toBe('reward');
    expect(findReviewIncentive(['Would you give us <b>5</b> stars?'])).toEqual({
      kind: 'rating',
      phrase: '5 stars',
    });
    expect(findReviewIncentive(['A five-star review means the world'])?.kind).toBe('rating');
  });

  it('lets an honest request for a review pass, and an offer in another sentence', () => {
    expect(findReviewIncentive(['How did we do? We would love your honest review.'])).toBeNull();
    expect(
      findReviewIncentive(['Tell us what you think in a review. Shipping is free all weekend.']),
    ).toBeNull();
  });

  it('reads every text of a design, inside columns too', () => {
    const { design } = createDefaultTemplate();
    expect(
      reviewIncentiveOf({ subject: 'How did we do?', design: { ...design, blocks: [] } }),
    ).toBeNull();
    const inColumns = {
      ...design,
      blocks: [
        {
          type: 'columns',
          id: 'c',
          columns: [{ blocks: [{ type: 'text', id: 't', html: '<p>Review us for a reward</p>' }] }],
        },
      ],
    } as unknown as typeof design;
    expect(reviewIncentiveOf({ subject: 'Hi', design: inColumns })?.kind).toBe('reward');
  });
});
