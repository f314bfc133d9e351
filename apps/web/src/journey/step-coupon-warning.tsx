// A review request must not reward the review: its template may hold no coupon. The server says so
// of the steps as saved (couponWarning); a template picked since is read and checked here at once.
import type { JourneyStep } from '@thankly/api-contract';
import { offersCoupon } from '@thankly/email';
import { useTemplate } from '../dashboard/templates/template-queries.ts';
import { CouponInReviewRequestNotice } from './coupon-notice.tsx';
import type { StepDraft } from './journey-draft.ts';

export function StepCouponWarning({
  step,
  saved,
}: {
  step: StepDraft;
  saved: JourneyStep | undefined;
}) {
  const isReviewRequest = step.kind === 'review-request';
  const template = useTemplate(isReviewRequest && step.templateId ? step.templateId : null);
  if (!isReviewRequest || !step.templateId) return null;
  const offers = template.data
    ? offersCoupon(template.data)
    : saved?.templateId === step.templateId && saved.kind === 'review-request'
      ? saved.couponWarning
      : false;
  return offers ? <CouponInReviewRequestNotice /> : null;
}
