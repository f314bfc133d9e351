// A review request must not reward the review or ask for a rating. The server says so of the steps as
// saved (incentiveWarning); a template picked since is read and checked here at once.
import type { JourneyStep } from '@thankly/api-contract';
import { reviewIncentiveOf } from '@thankly/email';
import { useTemplate } from '../dashboard/templates/template-queries.ts';
import { ReviewIncentiveNotice, noticeFor } from './review-incentive-notice.tsx';
import type { StepDraft } from './journey-draft.ts';

export function StepIncentiveWarning({
  step,
  saved,
}: {
  step: StepDraft;
  saved: JourneyStep | undefined;
}) {
  const isReviewRequest = step.kind === 'review-request';
  const template = useTemplate(isReviewRequest && step.templateId ? step.templateId : null);
  if (!isReviewRequest || !step.templateId) return null;
  if (template.data) return noticeFor(reviewIncentiveOf(template.data));
  const savedWarning =
    saved?.templateId === step.templateId && saved.kind === 'review-request'
      ? saved.incentiveWarning
      : null;
  return savedWarning ? <ReviewIncentiveNotice message={savedWarning} /> : null;
}
