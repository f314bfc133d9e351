// The warning for a review request that rewards the review or asks for a rating, as the journey and
// the template editor show it: amber (the seller can fix it alone), in the flow, never blocking a save.
import { TriangleAlert } from 'lucide-react';
import { type ReviewIncentive } from '@thankly/email';
import { reviewIncentiveMessage } from '@thankly/api-contract';

export function ReviewIncentiveNotice({ message }: { message: string }) {
  return (
    <p
      role="status"
      className="mt-3 flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

/** The notice for what the check found, or nothing when the request asks honestly. */
export function noticeFor(incentive: ReviewIncentive | null) {
  return incentive ? <ReviewIncentiveNotice message={reviewIncentiveMessage(incentive)} /> : null;
}
