// The seller's insights: what the thank-you emails of the last 7, 30 or 90 days brought back. The
// period lives in the URL (?days=) so a reload or a shared link shows the same numbers.
import { Link, useSearchParams } from 'react-router';
import type { InsightPeriod, InsightsReply } from '@thankly/api-contract';
import { Alert, Button, ButtonLink, Card, Container, buttonClass } from '../components/ui/index.ts';
import { SHOPS_ANCHOR } from '../components/app-shell/app-nav.ts';
import { messageFor } from '../lib/api.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { DailyChart, CHART_HEIGHT } from './daily-chart.tsx';
import { countOf } from './insights-format.ts';
import { exportHref, parsePeriod, periodRange, useInsights } from './insights-queries.ts';
import { PeriodSwitch } from './period-switch.tsx';
import { SummaryTiles, TILE_SIZE } from './summary-tiles.tsx';
import { TemplatesTable } from './templates-table.tsx';

export const PERIOD_PARAM = 'days';
export const TRACKING_OFF_NOTE = 'Opens and clicks are not tracked.';
export const INSIGHTS_LOAD_FAILED = 'Could not load your insights.';

export default function InsightsPage() {
  const [params, setParams] = useSearchParams();
  const period = parsePeriod(params.get(PERIOD_PARAM));
  const range = periodRange(period);
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

function InsightsBody({ reply, period }: { reply: InsightsReply; period: InsightPeriod }) {
  const { totals } = reply;
  return (
    <div className="space-y-6">
      {reply.trackingEnabled ? null : (
        <Alert tone="info">
          {TRACKING_OFF_NOTE}{' '}
          <Link to="/Account" className="focus-ring font-semibold underline">
            Turn tracking on in Account.
          </Link>
        </Alert>
      )}
      {totals.sent === 0 ? (
        <EmptyState period={period} />
      ) : (
        <>
          <section aria-label="Totals">
            <SummaryTiles totals={totals} />
            <MachineNote opens={totals.machineOpens} clicks={totals.machineClicks} />
          </section>
          <div className="grid gap-4 lg:grid-cols-2">
            <DailyChart
              title="Emails, opens and clicks"
              summary={`${countOf(totals.sent, 'email', 'emails')} sent, opened by ${countOf(totals.uniqueOpens, 'person', 'people')}, ${countOf(totals.clicks, 'click', 'clicks')}.`}
              kind="line"
              days={reply.days}
              series={[
                { key: 'sent', label: 'Sent' },
                { key: 'uniqueOpens', label: 'Unique opens' },
                { key: 'clicks', label: 'Clicks' },
              ]}
            />
            <DailyChart
              title="Redemptions and repeat orders"
              summary={`${countOf(totals.redemptions, 'coupon redemption', 'coupon redemptions')} and ${countOf(totals.repeatOrders, 'repeat order', 'repeat orders')}, counted on the day the email that brought them was sent.`}
              kind="bar"
              days={reply.days}
              series={[
                { key: 'redemptions', label: 'Redemptions' },
                { key: 'repeatOrders', label: 'Repeat orders' },
              ]}
            />
          </div>
          <TemplatesTable rows={reply.templates} />
        </>
      )}
    </div>
  );
}

/** Machine opens and clicks are real requests but no person; they are shown, never added in. */
function MachineNote({ opens, clicks }: { opens: number; clicks: number }) {
  if (opens === 0 && clicks === 0) return null;
  const parts = [
    opens > 0 ? countOf(opens, 'more open', 'more opens') : null,
    clicks > 0 ? countOf(clicks, 'more click', 'more clicks') : null,
  ].filter(Boolean);
  return (
    <p className="mt-3 text-xs text-slate-500">
      {parts.join(' and ')} by mail privacy proxies and scanners, not counted as people.
    </p>
  );
}

function EmptyState({ period }: { period: InsightPeriod }) {
  return (
    <Card aria-labelledby="insights-empty-heading" className="text-center">
      <h2 id="insights-empty-heading" className="text-lg font-semibold">
        No thank-you emails sent in the last {period} days
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-sm text-slate-600">
        Once buyers get your thank-you emails, this page shows how many opened them, clicked a link,
        used your coupon or came back to buy again, day by day and per template. Connect a shop, or
        place a few demo orders from the demo shop to see it fill in.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <ButtonLink to={`${PRODUCT_PATH}#${SHOPS_ANCHOR}`}>Connect a shop</ButtonLink>
        <ButtonLink to={PRODUCT_PATH} variant="secondary">
          Go to your templates
        </ButtonLink>
      </div>
    </Card>
  );
}

/** The final layout's sizes, so nothing jumps when the numbers arrive. */
function InsightsSkeleton() {
  return (
    <div data-testid="insights-skeleton" className="space-y-6">
      <p role="status" className="sr-only">
        Loading insights
      </p>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-6">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className={`${TILE_SIZE} animate-pulse rounded-2xl bg-slate-100`} />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {[0, 1].map((i) => (
          <div
            key={i}
            className="animate-pulse rounded-2xl bg-slate-100"
            style={{ height: CHART_HEIGHT + 116 }}
          />
        ))}
      </div>
      <div className="h-48 animate-pulse rounded-2xl bg-slate-100" />
    </div>
  );
}
