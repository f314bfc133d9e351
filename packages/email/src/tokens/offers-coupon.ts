import type { Design } from '../schema/design.ts';
import { findTokens } from './tokens.ts';

/**
 * Whether an email offers the buyer a coupon: its subject, preheader or any block uses
 * [coupon-code]. A review request must not (marketplaces forbid rewarding a review). Read from the
 * design's JSON, so text in every block kind and inside columns counts alike.
 */
export function offersCoupon(email: {
  subject: string;
  preheader?: string;
  design: Design;
}): boolean {
  const texts = [email.subject, email.preheader ?? '', JSON.stringify(email.design)];
  return texts.some((text) => findTokens(text).some((token) => token.name === 'coupon-code'));
}
