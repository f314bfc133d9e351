// The seller's insights: what the thank-you emails of the last 7, 30 or 90 days brought back. The
// period lives in the URL (?days=) so a reload or a shared link shows the same numbers.
import { useSearchParams } from 'react-router';
import type { InsightPeriod } from '@thankly/api-contract';
import { Alert, Button, Container, buttonClass } from '../components/ui/index.ts';
import { messageFor } from '../lib/api.ts';
import { InsightsBody } from './insights-body.tsx';
import { useSellerTimeZone } from '../lib/seller-time.ts';
import { exportHref, parsePeriod, periodRange, useInsights } from './insights-queries.ts';
import { InsightsSkeleton } from './insights-skeleton.tsx';
import { PeriodSwitch } from './period-switch.tsx';

export const PERIOD_PARAM = 'days';
export const INSIGHTS_LOAD_FAILED = 'Could not load your insights.';

export default function InsightsPage() {
  const [params, setParams] = useSearchParams();
  const timeZone = useSellerTimeZone();
  const period = parsePeriod(params.get(PERIOD_PARAM));
  const range = periodRange(period, timeZone);
  const insights = useInsights(range);
  const choose = (next: InsightPeriod) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set(PERIOD_PARAM, String(next));
      return updated;
    });

  return (
    <Container className="py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight">Insights</h1>
          <p className="mt-2 text-sm text-slate-600">
            What your thank-you emails brought back: opens, clicks, coupon redemptions and repeat
            orders from the same buyers.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <PeriodSwitch value={period} onChange={choose} />
          <a href={exportHref(range)} download className={buttonClass('secondary')}>
            Download CSV
          </a>
        </div>
      </header>
      <div
        className={`mt-8 transition-opacity motion-reduce:transition-none ${insights.isPlaceholderData ? 'opacity-60' : ''}`}
        aria-busy={insights.isFetching}
      >
        {insights.isPending ? (
          <InsightsSkeleton />
        ) : insights.isError ? (
          <div className="space-y-4">
            <Alert>{messageFor(insights.error, INSIGHTS_LOAD_FAILED)}</Alert>
            <Button variant="secondary" onClick={() => void insights.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <InsightsBody reply={insights.data} period={period} />
        )}
      </div>
    </Container>
  );
}
