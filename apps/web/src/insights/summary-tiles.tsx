// The period's totals as tiles: a large figure, its name, and what it is of (a rate with its
// formula, a currency). Rates are the server's, of emails delivered, and never pass 100%.
import type { ReactNode } from 'react';
import { ATTRIBUTION_WINDOW_DAYS, type InsightsReply } from '@thankly/api-contract';
import { countOf, formatCount, formatRevenue } from './insights-format.ts';
import { type RateName, RateWithFormula } from './rate-with-formula.tsx';

/** Shared with the loading skeleton, so nothing jumps when the numbers arrive. */
export const TILE_SIZE = 'min-h-28';

function Tile({ label, value, caption }: { label: string; value: string[]; caption?: ReactNode }) {
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
      {caption ? <dd className="mt-1 space-y-0.5 text-xs text-slate-500">{caption}</dd> : null}
    </div>
  );
}

export function SummaryTiles({ reply }: { reply: InsightsReply }) {
  const { totals } = reply;
  const revenue = formatRevenue(totals.revenue);
  const perEmail = formatRevenue(totals.revenuePerEmail);
  const bounced = totals.sent - totals.delivered;
  // "44.7% open rate", with its formula, and the too-few note below 20 delivered emails.
  const rate = (name: RateName, words: string) => (
    <RateWithFormula
      rate={totals.rates[name]}
      name={name}
      suffix={` ${words}`}
      tooFewToTell={totals.rates.tooFewToTell}
    />
  );
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-6">
      <Tile
        label="Emails delivered"
        value={[formatCount(totals.delivered)]}
        caption={`${countOf(totals.sent, 'email', 'emails')} sent${bounced > 0 ? `, ${formatCount(bounced)} bounced` : ''}`}
      />
      <Tile
        label="Unique opens"
        value={[formatCount(totals.uniqueOpens)]}
        caption={rate('openRate', 'open rate')}
      />
      <Tile
        label="Emails clicked"
        value={[formatCount(totals.clickedEmails)]}
        caption={
          <>
            {rate('clickRate', 'click rate')}
            <span className="block">{countOf(totals.clicks, 'link', 'links')} followed in all</span>
          </>
        }
      />
      <Tile
        label="Redemptions"
        value={[formatCount(totals.redemptions)]}
        caption={
          <>
            {rate('redemptionRate', 'redemption rate')}
            <span className="block">Same buyer within {reply.redemptionWindowDays} days</span>
            <span className="block">
              {formatCount(reply.codeUsedNotAttributed)} code used, not attributed
            </span>
          </>
        }
      />
      <Tile
        label="Repeat orders"
        value={[formatCount(totals.repeatOrders)]}
        caption={`Same buyer within ${ATTRIBUTION_WINDOW_DAYS} days`}
      />
      <Tile
        label="Attributed revenue"
        value={revenue.length ? revenue : ['–']}
        caption={perEmail.length ? `${perEmail.join(' · ')} per email sent` : undefined}
      />
    </dl>
  );
}
