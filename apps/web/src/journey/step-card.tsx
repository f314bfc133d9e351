// One follow-up step on the timeline: its number, name, kind and template, and a line saying when
// it goes and to whom; Edit opens its fields in three groups (what, when, who). A new step opens
// ready to fill in; a step the save refused stays open, so its messages can be seen and reached.
import { useState } from 'react';
import type { JourneyStep, Shop, TemplateSummary } from '@thankly/api-contract';
import { Alert, Card, TimelineItem } from '../components/ui/index.ts';
import type { StepDraft } from './journey-draft.ts';
import type { StepField } from './journey-validation.ts';
import { StepCardActions } from './step-card-actions.tsx';
import { StepEmailPreview } from './step-email-preview.tsx';
import { StepIncentiveWarning } from './step-incentive-warning.tsx';
import { summarizeStep } from './step-summary.ts';
import { KIND_LABELS, StepWhatFields } from './step-what-fields.tsx';
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
  /** Why some marketplaces' orders never get this step (unreported-event-note.ts); null: none. */
  unreportedNote: string | null;
  onChange: (patch: Partial<StepDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

export function stepTitle(step: StepDraft): string {
  return step.name.trim() || 'New step';
}

export function StepCard(props: StepCardProps) {
  const { step, errors, onChange } = props;
  // A step its template was deleted from needs a choice: it opens too.
  const [open, setOpen] = useState(!step.id || !step.templateId);
  const hasErrors = Object.keys(errors).length > 0;
  const expanded = open || hasErrors;
  const bodyId = `step-${step.key}-fields`;
  const template = props.templates.find((t) => t.id === step.templateId);
  const templateName = template?.name;
  const shopName = props.shops.find((s) => s.id === step.shopId)?.name;
  return (
    <TimelineItem marker={props.number}>
      <Card as="div">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
          <div className="min-w-0 flex-1 basis-56">
            <h3 className="text-base font-semibold break-words text-slate-900">
              {stepTitle(step)}
            </h3>
            <p className="mt-1 text-sm text-slate-700" data-testid="step-summary">
              {summarizeStep(step, shopName)}
            </p>
            <p className="mt-1 text-xs text-slate-500">
              {KIND_LABELS[step.kind]} · {templateName ?? 'No template chosen'}
            </p>
            {template ? <StepEmailPreview template={template} /> : null}
          </div>
          <StepCardActions
            stepKey={step.key}
            title={stepTitle(step)}
            isFirst={props.isFirst}
            isLast={props.isLast}
            expanded={expanded}
            canCollapse={!hasErrors}
            controls={bodyId}
            onToggle={() => setOpen(!expanded)}
            onMove={props.onMove}
            onRemove={props.onRemove}
          />
        </div>
        <StepIncentiveWarning step={step} saved={props.saved} />
        {props.unreportedNote ? (
          <div className="mt-3">
            <Alert tone="info">{props.unreportedNote}</Alert>
          </div>
        ) : null}
        <div
          id={bodyId}
          hidden={!expanded}
          className="mt-5 space-y-5 border-t border-slate-200 pt-5"
        >
          {expanded ? (
            <>
              <StepWhatFields
                step={step}
                errors={errors}
                saved={props.saved}
                templates={props.templates}
                onChange={onChange}
              />
              <StepWhenFields step={step} errors={errors} onChange={onChange} />
              <StepWhoFields step={step} errors={errors} shops={props.shops} onChange={onChange} />
            </>
          ) : null}
        </div>
      </Card>
    </TimelineItem>
  );
}
