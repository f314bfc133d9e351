// Each template's (or journey step's) rates beside the shop's average for the same period, with
// the sample each rate stands on. On phones each row becomes a card: six columns cannot fit 390 px.
// Explicit roles keep it a table for screen readers once CSS has made its rows grids.
import type { ReactNode } from 'react';
import { type InsightsCounts, MIN_DELIVERED_FOR_RATE } from '@thankly/api-contract';
import { Card } from '../components/ui/index.ts';
import { formatCount, formatRate, formatRevenue } from './insights-format.ts';
import { type RateName, RateWithFormula } from './rate-with-formula.tsx';

export interface ComparisonRow {
  key: string;
  name: string;
  /** A line under the name, such as "Deleted template". */
  note?: string;
  counts: InsightsCounts;
}

export const TOO_FEW_TO_TELL = 'Too few to tell';

const HEAD = 'py-2 pr-3 font-semibold';
const CELL = 'py-2 pr-3 tabular-nums max-sm:flex max-sm:justify-between max-sm:py-0.5 max-sm:pr-0';
const RATES: ReadonlyArray<[RateName, string]> = [
  ['openRate', 'Open rate'],
  ['clickRate', 'Click rate'],
  ['redemptionRate', 'Redemption rate'],
];
const COLUMNS = ['', 'Delivered', ...RATES.map(([, label]) => label), 'Revenue per email sent'];

function PhoneLabel({ children }: { children: string }) {
  return <span className="text-slate-500 sm:hidden">{children}</span>;
}

function RateCell({
  label,
  name,
  counts,
  average,
}: {
  label: string;
  name: RateName;
  counts: InsightsCounts;
  average: InsightsCounts | null;
}) {
  return (
    <td role="cell" className={CELL}>
      <PhoneLabel>{label}</PhoneLabel>
      {counts.rates.tooFewToTell ? (
        <span className="text-slate-500">{TOO_FEW_TO_TELL}</span>
      ) : (
        <span className="max-sm:text-right">
          <RateWithFormula rate={counts.rates[name]} name={name} />
          {average ? (
            <span className="block text-xs text-slate-500">
              shop {formatRate(average.rates[name])}
            </span>
          ) : null}
        </span>
      )}
    </td>
  );
}

function Row({
  row,
  average,
  emphasis = false,
}: {
  row: ComparisonRow;
  average: InsightsCounts | null;
  emphasis?: boolean;
}) {
  const perEmail = formatRevenue(row.counts.revenuePerEmail);
  return (
    <tr
      role="row"
      className={`border-t border-slate-100 align-top max-sm:block max-sm:py-3 ${emphasis ? 'bg-slate-50' : ''}`}
    >
      <th
        role="rowheader"
        scope="row"
        className="py-2 pr-3 font-medium break-words text-slate-900 max-sm:block max-sm:pb-1"
      >
        {row.name}
        {row.note ? (
          <span className="block text-xs font-normal text-slate-500">{row.note}</span>
        ) : null}
      </th>
      <td role="cell" className={CELL}>
        <PhoneLabel>Delivered</PhoneLabel>
        {formatCount(row.counts.delivered)}
      </td>
      {RATES.map(([name, label]) => (
        <RateCell key={name} label={label} name={name} counts={row.counts} average={average} />
      ))}
      <td role="cell" className={`${CELL} sm:pr-0`}>
        <PhoneLabel>Revenue per email sent</PhoneLabel>
        <span className="sm:block max-sm:text-right">
          {perEmail.length
            ? perEmail.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))
            : '–'}
        </span>
      </td>
    </tr>
  );
}

export function ComparisonTable({
  title,
  intro,
  period,
  shop,
  rows,
}: {
  title: string;
  intro: ReactNode;
  /** "1 Nov – 30 Nov 2026". */
  period: string;
  shop: InsightsCounts;
  rows: readonly ComparisonRow[];
}) {
  const id = `insights-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {intro} {period}. Rates are of the emails each one delivered, beside your shop’s average for
        the same days; under {MIN_DELIVERED_FOR_RATE} delivered emails a rate is too few to tell.
      </p>
      <div className="mt-4 sm:overflow-x-auto">
        <table role="table" className="w-full text-left text-sm max-sm:block">
          <thead className="text-xs text-slate-500 uppercase max-sm:sr-only">
            <tr role="row">
              {COLUMNS.map((label, i) => (
                <th key={label || i} role="columnheader" scope="col" className={HEAD}>
                  {label || <span className="sr-only">Name</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-sm:block">
            <Row
              row={{ key: 'shop', name: 'Shop average', note: 'All emails', counts: shop }}
              average={null}
              emphasis
            />
            {rows.map((row) => (
              <Row key={row.key} row={row} average={shop} />
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
