// Today's sending against the plan's daily limit, and what happens to orders past it.
import { formatDailyLimit } from '../lib/plans.ts';
import { UpgradeLink } from '../components/app-shell/usage-meter.tsx';
import { LIMIT_COUNTS, messagesText, usageFrom } from '../components/app-shell/usage.ts';
import { DASHBOARD_MESSAGES } from './dashboard-messages.ts';
import { useUsageFollowsSends } from './marketplace/marketplace-queries.ts';
import { templateKeys, useDailyStats } from './templates/template-queries.ts';

export function UsageLine() {
  const stats = useDailyStats();
  useUsageFollowsSends(templateKeys.stats);
  if (stats.isPending)
    return <p className="h-5 w-48 animate-pulse rounded bg-slate-100" aria-hidden="true" />;
  if (!stats.data) return null;
  const usage = usageFrom(stats.data);
  const messages = messagesText(usage);
  return (
    <>
      <p className="text-sm text-slate-700">
        Today: {stats.data.sentToday} / {formatDailyLimit(stats.data.dailyLimit)} thank-yous (
        {usage.breakdown}){messages ? ` · ${messages}` : null}
        <span className="text-slate-500"> · {stats.data.planName} plan</span>
      </p>
      <p className="mt-0.5 text-xs text-slate-500">{LIMIT_COUNTS}</p>
      {usage.limitReached ? <DailyLimitReached canUpgrade={usage.canUpgrade} /> : null}
    </>
  );
}

/** Orders past the limit are skipped, not queued: say so where the seller looks, with the way out. */
function DailyLimitReached({ canUpgrade }: { canUpgrade: boolean }) {
  return (
    <div
      role="status"
      className="mt-3 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p>
        <strong>{DASHBOARD_MESSAGES.dailyLimitReached}</strong> {DASHBOARD_MESSAGES.ordersSkipped}
      </p>
      {canUpgrade ? <UpgradeLink urgent /> : null}
    </div>
  );
}
