// The warning for a review request that hands out a coupon, as the journey and the template
// editor show it: amber (the seller can fix it alone), in the flow, never blocking a save.
import { TriangleAlert } from 'lucide-react';
import { JOURNEY_MESSAGES } from '@thankly/api-contract';

export function CouponInReviewRequestNotice() {
  return (
    <p
      role="status"
      className="mt-3 flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{JOURNEY_MESSAGES.couponInReviewRequest}</span>
    </p>
  );
}
