// A template a journey sends as a review request must not reward the review or ask for a rating
// (marketplaces forbid both): said here as the seller edits it, from the same check the server makes.
import { useDeferredValue, useMemo } from 'react';
import { reviewIncentiveOf } from '@thankly/email';
import { noticeFor } from '../../journey/review-incentive-notice.tsx';
import { useJourney } from '../../journey/journey-queries.ts';
import { selectDesign, useEditor } from '../store/use-editor.ts';

export function ReviewRequestIncentiveWarning({
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
  const incentive = useMemo(
    () => (isReviewRequest ? reviewIncentiveOf({ subject, preheader, design }) : null),
    [isReviewRequest, subject, preheader, design],
  );
  return noticeFor(incentive);
}
