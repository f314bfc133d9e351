import type { Design } from '../schema/design.ts';
import { findTokens } from './tokens.ts';

/**
 * What makes a review request one that marketplaces forbid: a reward for the review (Etsy, Amazon,
 * Google and the FTC alike), or asking for a particular rating. Etsy's rule is the strictest and
 * the one Thankly holds every review request to.
 */
export type ReviewIncentive =
  | { kind: 'coupon'; phrase: '[coupon-code]' }
  | { kind: 'reward'; phrase: string }
  | { kind: 'rating'; phrase: string };

const REVIEW = String.raw`(?:review|rating|rate us|feedback|testimonial)`;
const REWARD = String.raw`(?:discount|coupon|voucher|promo(?:tion)? code|\d+\s?%\s?off|off your next|free\b|gift|reward|refund|cash\s?back|store credit|giveaway|prize|in exchange|in return)`;
/** How far apart the two halves of one offer can stand: about a sentence. */
const NEAR = String.raw`[^.!?\n]{0,80}?`;
const REWARD_FOR_REVIEW = new RegExp(
  String.raw`\b${REVIEW}\b${NEAR}\b${REWARD}|\b${REWARD}${NEAR}\b${REVIEW}`,
  'i',
);
/** "5 stars", "five-star review": asking for the rating, not for an honest review. */
const PARTICULAR_RATING = /\b(?:5|five)[\s-]?stars?\b/i;

/** Visible words of a design's text: tags and entities gone, so "<b>5</b> stars" still reads. */
function plainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** The first incentive in these texts, with the words that make it one. */
export function findReviewIncentive(texts: string[]): ReviewIncentive | null {
  if (texts.some((text) => findTokens(text).some((token) => token.name === 'coupon-code')))
    return { kind: 'coupon', phrase: '[coupon-code]' };
  return findIncentiveWording(texts);
}

/**
 * Words that tie a reward to a review or ask for a particular rating, in any text (not only a
 * review request): a coupon offered for its own sake, apart from a review, is not one.
 */
export function findIncentiveWording(texts: string[]): ReviewIncentive | null {
  for (const text of texts.map(plainText)) {
    const reward = REWARD_FOR_REVIEW.exec(text);
    if (reward) return { kind: 'reward', phrase: reward[0].trim() };
    const rating = PARTICULAR_RATING.exec(text);
    if (rating) return { kind: 'rating', phrase: rating[0] };
  }
  return null;
}

/**
 * An email's incentive, read from its subject, preheader and every text of its design (its JSON,
 * so every block kind and columns count alike).
 */
export function reviewIncentiveOf(email: {
  subject: string;
  preheader?: string | null;
  design: Design;
}): ReviewIncentive | null {
  return findReviewIncentive(emailTexts(email));
}

/**
 * Words in any email (not only a review request) that tie a reward to a review or ask for a
 * particular rating. A coupon of its own, apart from a review, is not one.
 */
export function incentiveWordingOf(email: {
  subject: string;
  preheader?: string | null;
  design: Design;
}): ReviewIncentive | null {
  return findIncentiveWording(emailTexts(email));
}

/** An email's subject, preheader and every text of its design. */
function emailTexts(email: { subject: string; preheader?: string | null; design: Design }) {
  return [email.subject, email.preheader ?? '', ...designTexts(email.design)];
}

function designTexts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(designTexts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(designTexts);
  return [];
}
