import { describe, expect, it, test } from 'vitest';
import {
  PURCHASE_MESSAGE_TEXTS,
  purchaseMessageProblem,
  purchaseMessageScheduleInputSchema,
} from './purchase-message.ts';

test('a purchase message may offer a coupon and ask for an honest review, apart', () => {
  expect(
    purchaseMessageProblem(
      'Thank you for shopping at [shop-name]! Here is 10% off your next order: [coupon-code].\nIf you have a moment, an honest review helps us a lot: [review-link]',
    ),
  ).toBeNull();
});

test.each([
  ['Review us and get a free gift!', 'offering anything for a review ("Review us and get a free")'],
  ['Use [coupon-code] for 15% off once you leave a review', 'offering anything for a review'],
  ['Leave a rating for a chance to win a prize', 'offering anything for a review'],
  ['We hope you can give us 5 stars', 'a particular rating ("5 stars")'],
  ['A five-star review would make our day', 'a particular rating ("five-star")'],
])('"%s" is refused in Etsy’s words', (text, words) => {
  const problem = purchaseMessageProblem(text);
  expect(problem).toMatch(/^Etsy doesn’t allow/);
  expect(problem).toContain(words);
});

describe('a dated purchase message', () => {
  const valid = {
    startDate: '2026-12-01',
    endDate: '2026-12-31',
    message: 'Happy holidays from [shop-name]!',
    digitalMessage: '',
  };
  const problems = (input: unknown) => {
    const parsed = purchaseMessageScheduleInputSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it('takes a range with at least one text, both days included', () => {
    expect(problems(valid)).toEqual([]);
    expect(problems({ ...valid, endDate: valid.startDate })).toEqual([]);
    expect(problems({ ...valid, message: '', digitalMessage: 'Files inside' })).toEqual([]);
  });

  it('refuses a range without texts, one that ends before it starts, and dates that do not exist', () => {
    expect(problems({ ...valid, message: '  ' })).toEqual([PURCHASE_MESSAGE_TEXTS.noTexts]);
    expect(problems({ ...valid, endDate: '2026-11-30' })).toEqual([
      PURCHASE_MESSAGE_TEXTS.endsBefore,
    ]);
    expect(problems({ ...valid, startDate: '2026-02-30' })).toEqual(['That date does not exist.']);
    expect(problems({ ...valid, extra: true })).not.toEqual([]);
  });

  it('holds its texts to the purchase message rules', () => {
    expect(problems({ ...valid, message: 'A 5 star review gets you 10% off' })[0]).toMatch(
      /Etsy doesn’t allow/,
    );
    expect(problems({ ...valid, message: 'Hi [customer-first-name]' })[0]).toContain(
      '[customer-first-name]',
    );
  });
});
