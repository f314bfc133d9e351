// The period's totals as tiles: a large figure, its name, and what it is of (a rate, a currency).
import { ATTRIBUTION_WINDOW_DAYS, type InsightsCounts } from '@thankly/api-contract';
import { formatCount, formatRate, formatRevenue } from './insights-format.ts';

/** Shared with the loading skeleton, so nothing jumps when the numbers arrive. */
export const TILE_SIZE = 'min-h-28';

function Tile({ label, value, caption }: { label: string; value: string[]; caption?: string }) {
  return (
    <div className={`${TILE_SIZE} rounded-2xl border border-slate-200 bg-white p-4 shadow-sm`}>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
        {value.map((line) => (
          <span key={line} className="block break-words">
            {line}
          </span>
        ))}
      </dd>
      {caption ? <dd className="mt-1 text-xs text-slate-500">{caption}</dd> : null}
    </div>
  );
}

export function SummaryTiles({ totals }: { totals: InsightsCounts }) {
  const revenue = formatRevenue(totals.revenue);
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-6">
      <Tile label="Emails sent" value={[formatCount(totals.sent)]} />
      <Tile
        label="Unique opens"
        value={[formatCount(totals.uniqueOpens)]}
        caption={`${formatRate(totals.uniqueOpens, totals.sent)} open rate`}
      />
      <Tile
        label="Clicks"
        value={[formatCount(totals.clicks)]}
        caption={`${formatRate(totals.clicks, totals.sent)} click rate`}
      />
      <Tile label="Redemptions" value={[formatCount(totals.redemptions)]} caption="Coupon used" />
      <Tile
        label="Repeat orders"
        value={[formatCount(totals.repeatOrders)]}
        caption={`Same buyer within ${ATTRIBUTION_WINDOW_DAYS} days`}
      />
      <Tile
        label="Attributed revenue"
        value={revenue.length ? revenue : ['–']}
        caption={revenue.length > 1 ? 'Per currency' : undefined}
      />
    </dl>
  );
}
