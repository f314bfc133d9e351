// A template a journey sends as a review request must not hand out a coupon (marketplaces forbid
// rewarding a review): said here as the seller edits it, from the same check the server makes.
import { useDeferredValue, useMemo } from 'react';
import { offersCoupon } from '@thankly/email';
import { CouponInReviewRequestNotice } from '../../journey/coupon-notice.tsx';
import { useJourney } from '../../journey/journey-queries.ts';
import { selectDesign, useEditor } from '../store/use-editor.ts';

export function ReviewRequestCouponWarning({
  templateId,
  subject,
  preheader,
}: {
  /** null for a template not saved yet: no journey step can send it. */
  templateId: string | null;
  subject: string;
  preheader: string;
}) {
  const journey = useJourney({ enabled: templateId !== null });
  const design = useDeferredValue(useEditor(selectDesign));
  const isReviewRequest = Boolean(
    templateId &&
    journey.data?.steps.some((s) => s.kind === 'review-request' && s.templateId === templateId),
  );
  const offers = useMemo(
    () => isReviewRequest && offersCoupon({ subject, preheader, design }),
    [isReviewRequest, subject, preheader, design],
  );
  return offers ? <CouponInReviewRequestNotice /> : null;
}
