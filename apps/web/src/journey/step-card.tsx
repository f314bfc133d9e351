// One follow-up step on the timeline: its number, name and a line saying when it goes and to whom,
// the buttons that move or remove it, then its fields in three groups (what, when, who).
import type { JourneyStep, Shop, TemplateSummary } from '@thankly/api-contract';
import { Card, TimelineItem } from '../components/ui/index.ts';
import type { StepDraft } from './journey-draft.ts';
import type { StepField } from './journey-validation.ts';
import { StepCardActions } from './step-card-actions.tsx';
import { summarizeStep } from './step-summary.ts';
import { StepWhatFields } from './step-what-fields.tsx';
import { StepWhenFields } from './step-when-fields.tsx';
import { StepWhoFields } from './step-who-fields.tsx';

export interface StepCardProps {
  step: StepDraft;
  /** Its place in the journey, the thank-you being 1. */
  number: number;
  isFirst: boolean;
  isLast: boolean;
  errors: Partial<Record<StepField, string>>;
  /** The step as last saved, with the server's coupon check; none for a new step. */
  saved: JourneyStep | undefined;
  templates: TemplateSummary[];
  shops: Shop[];
  onChange: (patch: Partial<StepDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

export function stepTitle(step: StepDraft): string {
  return step.name.trim() || 'New step';
}

export function StepCard(props: StepCardProps) {
  const { step, number, errors, onChange } = props;
  const headingId = `step-${step.key}-heading`;
  const shopName = props.shops.find((s) => s.id === step.shopId)?.name;
  return (
    <TimelineItem marker={number}>
      <Card as="div" className="space-y-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={headingId} className="text-base font-semibold break-words text-slate-900">
              {stepTitle(step)}
            </h3>
            <p className="mt-1 text-sm text-slate-600" data-testid="step-summary">
              {summarizeStep(step, shopName)}
            </p>
          </div>
          <StepCardActions
            stepKey={step.key}
            title={stepTitle(step)}
            isFirst={props.isFirst}
            isLast={props.isLast}
            onMove={props.onMove}
            onRemove={props.onRemove}
          />
        </div>
        <StepWhatFields
          step={step}
          errors={errors}
          saved={props.saved}
          templates={props.templates}
          onChange={onChange}
        />
        <StepWhenFields step={step} errors={errors} onChange={onChange} />
        <StepWhoFields step={step} errors={errors} shops={props.shops} onChange={onChange} />
      </Card>
    </TimelineItem>
  );
}
