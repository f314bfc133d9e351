// "Delivery health" on the dashboard: the seller's bounce and complaint rates over the last 30
// days against the limits above which Thankly pauses their sending, so they see trouble coming.
import {
  HEALTH_WINDOW_DAYS,
  SMALL_SENDER_HARD_BOUNCES,
  SMALL_SENDER_RECENT_EMAILS,
} from '@thankly/api-contract/catalog';
import type { DeliveryHealth } from '@thankly/api-contract';
import { Badge, Button, Card } from '../components/ui/index.ts';
import { useDeliveryHealth } from './deliverability-queries.ts';
import { formatRate, judgeRate, type RateVerdict } from './delivery-health.ts';

export const HEALTH_MESSAGES = {
  tooFew: ({ minimumSample, windowDays, sent }: DeliveryHealth) =>
    `Too few emails to judge yet: rates count once ${minimumSample} emails have gone out in ${windowDays} days (${sent} so far).`,
  smallSender: `However few emails you send, Thankly also pauses sending when ${SMALL_SENDER_HARD_BOUNCES} of your last ${SMALL_SENDER_RECENT_EMAILS} go to addresses that do not exist, and emails you to say what to do.`,
  loadFailed: 'Delivery health could not be loaded.',
} as const;

const VERDICT: Record<RateVerdict, { label: string; tone: 'slate' | 'green' | 'amber' }> = {
  'too-few': { label: 'Too few to judge', tone: 'slate' },
  ok: { label: 'Healthy', tone: 'green' },
  near: { label: 'Close to the limit', tone: 'amber' },
  over: { label: 'Over the limit', tone: 'amber' },
};

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function RateStat({
  title,
  rate,
  limit,
  count,
  health,
}: {
  title: string;
  rate: number;
  limit: number;
  /** e.g. "3 of 250 emails bounced" */
  count: string;
  health: DeliveryHealth;
}) {
  const verdict = VERDICT[judgeRate(rate, limit, health)];
  // The bar fills at the limit: a glance shows how much room is left before sending pauses.
  const filled = limit > 0 ? Math.min(1, rate / limit) : 0;
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
        <Badge tone={verdict.tone}>{verdict.label}</Badge>
      </div>
      <p className="mt-2 text-2xl font-bold text-slate-900">{formatRate(rate)}</p>
      <div
        role="meter"
        aria-label={`${title} against the ${formatRate(limit)} limit`}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(rate, limit)}
        aria-valuetext={`${formatRate(rate)} of a ${formatRate(limit)} limit`}
        className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full ${verdict.tone === 'amber' ? 'bg-amber-500' : 'bg-emerald-600'}`}
          style={{ width: `${filled * 100}%` }}
        />
      </div>
      <p className="mt-2 text-xs text-slate-600">
        {count} · limit {formatRate(limit)}
      </p>
    </div>
  );
}

function HealthNumbers({ health }: { health: DeliveryHealth }) {
  const sent = plural(health.sent, 'email', 'emails');
  return (
    <>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <RateStat
          title="Bounce rate"
          rate={health.bounceRate}
          limit={health.bounceLimit}
          count={`${health.bounces} of ${sent} bounced`}
          health={health}
        />
        <RateStat
          title="Spam complaint rate"
          rate={health.complaintRate}
          limit={health.complaintLimit}
          count={`${health.complaints} of ${sent} marked as spam`}
          health={health}
        />
      </div>
      <p className="mt-3 text-sm text-slate-600">
        {health.sent < health.minimumSample
          ? HEALTH_MESSAGES.tooFew(health)
          : `Above either limit, Thankly pauses your sending to protect your buyers’ inboxes and your reputation.`}
      </p>
      <p className="mt-1 text-sm text-slate-600">{HEALTH_MESSAGES.smallSender}</p>
    </>
  );
}

export function DeliveryHealthPanel() {
  const health = useDeliveryHealth();
  return (
    <Card aria-labelledby="delivery-health-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="delivery-health-heading" className="text-lg font-semibold text-slate-900">
          Delivery health
        </h2>
        <p className="text-sm text-slate-500">
          Last {health.data?.windowDays ?? HEALTH_WINDOW_DAYS} days
          {health.data ? ` · ${plural(health.data.sent, 'email', 'emails')} sent` : null}
        </p>
      </div>
      {health.isPending ? (
        <div className="mt-3 grid gap-4 sm:grid-cols-2" aria-hidden="true">
          <div className="h-28 animate-pulse rounded-xl bg-slate-50" />
          <div className="h-28 animate-pulse rounded-xl bg-slate-50" />
        </div>
      ) : health.isError ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-600">
          {HEALTH_MESSAGES.loadFailed}
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => health.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <HealthNumbers health={health.data} />
      )}
    </Card>
  );
}
