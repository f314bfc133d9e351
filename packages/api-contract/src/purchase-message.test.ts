import { expect, test } from 'vitest';
import { purchaseMessageProblem } from './purchase-message.ts';

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
