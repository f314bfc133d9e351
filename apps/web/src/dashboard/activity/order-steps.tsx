// An order's follow-up emails under it, first to last, as a compact timeline: sent (when),
// scheduled (for when, with Cancel), skipped or failed (why).
import { TemplateUsed } from './template-used.tsx';
import type { ActivityStep } from '@thankly/api-contract';
import {
  Badge,
  Button,
  Timeline,
  TimelineItem,
  type TimelineTone,
} from '../../components/ui/index.ts';
import { useFormatSellerTime } from '../../lib/seller-time.ts';
import { ORDER_JOURNEY_MESSAGES, useCancelScheduledEmail } from './use-order-journey-actions.ts';

type StepLook = { label: string; tone: 'green' | 'brand' | 'amber' | 'slate'; dot: TimelineTone };

function lookOf(step: ActivityStep): StepLook {
  if (step.state === 'sent') return { label: 'Sent', tone: 'green', dot: 'green' };
  if (step.state === 'skipped') return { label: 'Skipped', tone: 'amber', dot: 'amber' };
  if (step.state === 'failed') return { label: 'Failed', tone: 'slate', dot: 'slate' };
  return step.scheduled
    ? { label: 'Scheduled', tone: 'brand', dot: 'brand' }
    : { label: 'Sending', tone: 'brand', dot: 'brand' };
}

/** What to read after the state's word: when it went or goes, or why it did not. */
function detailOf(step: ActivityStep, formatTime: (iso: string) => string): string | null {
  if (step.state === 'sent') return formatTime(step.at);
  if (step.state === 'pending') return step.scheduled ? `for ${formatTime(step.at)}` : null;
  return step.reason;
}

function StepLine({ step, orderLabel }: { step: ActivityStep; orderLabel: string }) {
  const cancel = useCancelScheduledEmail();
  const look = lookOf(step);
  const formatTime = useFormatSellerTime();
  const detail = detailOf(step, formatTime);
  return (
    <TimelineItem size="compact" tone={look.dot}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-medium text-slate-900">{step.stepName}</span>
        {step.templateName ? (
          <TemplateUsed
            name={step.templateName}
            version={step.templateVersion}
            className="text-xs text-slate-500"
          />
        ) : null}
        <Badge tone={look.tone}>{look.label}</Badge>
        {detail ? (
          step.state === 'sent' || step.state === 'pending' ? (
            <time dateTime={step.at} className="text-xs text-slate-600">
              {detail}
            </time>
          ) : (
            <span className="text-xs text-slate-600">{detail}</span>
          )
        ) : null}
        {step.scheduled ? (
          <Button
            variant="secondary"
            size="sm"
            className="-my-1"
            disabled={cancel.isPending}
            aria-label={`${cancel.isPending ? 'Cancelling' : 'Cancel'} "${step.stepName}" for order ${orderLabel}`}
            onClick={() => {
              if (window.confirm(ORDER_JOURNEY_MESSAGES.confirmCancel(step.stepName, orderLabel)))
                cancel.mutate(step.id);
            }}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel'}
          </Button>
        ) : null}
      </div>
    </TimelineItem>
  );
}

export function OrderSteps({ steps, orderLabel }: { steps: ActivityStep[]; orderLabel: string }) {
  if (steps.length === 0) return null;
  return (
    <Timeline label={`Follow-up emails of order ${orderLabel}`} className="min-w-0 flex-1">
      {steps.map((step) => (
        <StepLine key={step.id} step={step} orderLabel={orderLabel} />
      ))}
    </Timeline>
  );
}
