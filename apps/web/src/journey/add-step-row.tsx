// Add a step, while the plan's emails per order (the thank-you included) leave room for one;
// otherwise why not, and where to get more.
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { JOURNEY_LIMITS, JOURNEY_MESSAGES } from '@thankly/api-contract';
import { Button } from '../components/ui/index.ts';
import { UPGRADE_PATH } from '../components/app-shell/app-nav.ts';

/** Why no step can be added: the journey's own cap, or the plan's emails per order. */
export function addStepLimitText(planName: string, stepLimit: number, followUps: number): string {
  if (followUps >= JOURNEY_LIMITS.maxFollowUps) return JOURNEY_MESSAGES.tooManySteps;
  return JOURNEY_MESSAGES.planLimit(planName, stepLimit);
}

export function AddStepRow({
  canAdd,
  planName,
  stepLimit,
  followUps,
  onAdd,
}: {
  canAdd: boolean;
  planName: string;
  stepLimit: number;
  followUps: number;
  onAdd: () => void;
}) {
  const limitId = 'add-step-limit';
  const atPlanLimit = !canAdd && followUps < JOURNEY_LIMITS.maxFollowUps;
  return (
    <div className="mt-6 pl-11 sm:pl-14">
      <Button
        variant="secondary"
        disabled={!canAdd}
        aria-describedby={canAdd ? undefined : limitId}
        onClick={onAdd}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add a step
      </Button>
      {canAdd ? null : (
        <p id={limitId} className="mt-2 max-w-xl text-sm text-slate-600">
          {addStepLimitText(planName, stepLimit, followUps)}{' '}
          {atPlanLimit ? (
            <Link to={UPGRADE_PATH} className="focus-ring font-medium text-brand-700 underline">
              See plans
            </Link>
          ) : null}
        </p>
      )}
    </div>
  );
}
