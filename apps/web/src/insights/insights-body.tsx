import { Link } from 'react-router';
import type { InsightPeriod, InsightsReply } from '@thankly/api-contract';
import { Alert } from '../components/ui/index.ts';
import { DailyChart } from './daily-chart.tsx';
import { countOf } from './insights-format.ts';
import { InsightsEmptyState } from './insights-empty-state.tsx';
import { MachineNote } from './machine-note.tsx';
import { SummaryTiles } from './summary-tiles.tsx';
import { formatCalendarRange } from '../lib/format-dates.ts';
import { ComparisonTable } from './comparison-table.tsx';
import { HowCounted } from './how-counted.tsx';

export const TRACKING_OFF_NOTE = 'Opens and clicks are not tracked.';

/** The period's numbers: totals, the two daily charts, the comparisons and how it was counted. */
export function InsightsBody({ reply, period }: { reply: InsightsReply; period: InsightPeriod }) {
  const { totals } = reply;
  const days = formatCalendarRange(reply.from, reply.to).join(' – ');
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
        <InsightsEmptyState period={period} />
      ) : (
        <>
          <section aria-label="Totals">
            <SummaryTiles reply={reply} />
            <MachineNote opens={totals.machineOpens} clicks={totals.machineClicks} />
          </section>
          <div className="grid gap-4 lg:grid-cols-2">
            <DailyChart
              title="Emails, opens and clicks"
              summary={`${countOf(totals.sent, 'email', 'emails')} sent, opened by ${countOf(totals.uniqueOpens, 'person', 'people')}, ${countOf(totals.clickedEmails, 'email', 'emails')} clicked.`}
              kind="line"
              days={reply.days}
              series={[
                { key: 'sent', label: 'Sent' },
                { key: 'uniqueOpens', label: 'Unique opens' },
                { key: 'clickedEmails', label: 'Emails clicked' },
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
          <ComparisonTable
            title="Per template"
            intro="Templates that sent at least one email from"
            period={days}
            shop={totals}
            rows={reply.templates.map((row) => ({
              key: row.templateId ?? `deleted-${row.templateName}`,
              name: row.templateName,
              note: row.templateId === null ? 'Deleted template' : undefined,
              counts: row,
            }))}
          />
          <ComparisonTable
            title="Per journey step"
            intro="The thank-you and each journey step that sent at least one email from"
            period={days}
            shop={totals}
            rows={reply.steps.map((row) => ({ key: row.stepKey, name: row.stepName, counts: row }))}
          />
          <HowCounted redemptionWindowDays={reply.redemptionWindowDays} />
        </>
      )}
    </div>
  );
}
