// The plan and today's sending, always in view in the app bar; it turns amber with an Upgrade
// action when the daily limit is reached (further orders today are skipped, not emailed).
import { Link } from 'react-router';
import { useDailyStats } from '../../dashboard/templates/template-queries.ts';
import { UPGRADE_LABEL, UPGRADE_PATH } from './app-nav.ts';
import { LIMIT_COUNTS, usageFrom, usageText, type Usage } from './usage.ts';

export function UpgradeLink({ urgent, className = '' }: { urgent: boolean; className?: string }) {
  return (
    <Link
      to={UPGRADE_PATH}
      className={`focus-ring inline-flex items-center justify-center rounded-lg px-3 py-1.5 text-sm font-semibold ${
        urgent
          ? 'bg-brand-600 text-white hover:bg-brand-700'
          : 'border border-brand-200 text-brand-700 hover:bg-brand-50'
      } ${className}`}
    >
      {UPGRADE_LABEL}
    </Link>
  );
}

function MeterBar({ usage }: { usage: Usage }) {
  if (usage.dailyLimit === null) return null;
  return (
    <div
      role="meter"
      aria-label="Thank-yous today"
      aria-valuemin={0}
      aria-valuemax={usage.dailyLimit}
      aria-valuenow={Math.min(usage.sentToday, usage.dailyLimit)}
      aria-valuetext={`${usage.sentToday} of ${usage.dailyLimit} thank-yous today: ${usage.breakdown}`}
      className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div
        className={`h-full rounded-full ${usage.limitReached ? 'bg-amber-500' : 'bg-brand-600'}`}
        style={{ width: `${usage.percent}%` }}
      />
    </div>
  );
}

/**
 * `compact`: one short line for the phone's bar. Otherwise the plan, the count, the bar and, when a
 * higher plan exists, the Upgrade action.
 */
export function UsageMeter({ compact = false }: { compact?: boolean }) {
  const stats = useDailyStats();
  if (stats.isPending)
    return <div className="h-8 w-28 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />;
  if (!stats.data) return null;
  const usage = usageFrom(stats.data);

  if (compact) {
    return (
      <p
        data-testid="usage-meter-compact"
        className={`rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ${
          usage.limitReached ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700'
        }`}
      >
        <span className="sr-only">{usage.planName} plan, </span>
        {usage.limitReached
          ? 'Limit reached'
          : `${usage.sentToday}/${usage.dailyLimit ?? '∞'} today`}
      </p>
    );
  }

  return (
    <div
      role="group"
      aria-label="Plan and usage"
      data-testid="usage-meter"
      className="flex items-center gap-3"
    >
      <div className="w-40 space-y-1">
        <p className="flex items-baseline justify-between gap-2 text-xs">
          <span className="font-semibold text-slate-900">{usage.planName} plan</span>
          {usage.limitReached ? (
            <span className="font-semibold text-amber-800">Limit reached</span>
          ) : null}
        </p>
        <MeterBar usage={usage} />
        <p className="text-xs text-slate-600" title={`${usage.breakdown}. ${LIMIT_COUNTS}`}>
          {usageText(usage)}
        </p>
      </div>
      {usage.canUpgrade ? <UpgradeLink urgent={usage.limitReached} /> : null}
    </div>
  );
}
