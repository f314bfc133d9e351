// The numbers per template. On phones each template becomes a card: seven columns cannot fit 390 px.
// Explicit roles keep it a table for screen readers once CSS has made its rows grids.
import type { InsightsTemplateRow } from '@thankly/api-contract';
import { Card } from '../components/ui/index.ts';
import { formatCount, formatRate, formatRevenue } from './insights-format.ts';

const HEAD = 'py-2 pr-3 font-semibold';
const CELL = 'py-2 pr-3 tabular-nums max-sm:flex max-sm:justify-between max-sm:py-0.5 max-sm:pr-0';
const COLUMNS = ['Template', 'Sent', 'Opens', 'Clicks', 'Redemptions', 'Repeat orders', 'Revenue'];

function PhoneLabel({ children }: { children: string }) {
  return <span className="text-slate-500 sm:hidden">{children}</span>;
}

function TemplateRow({ row }: { row: InsightsTemplateRow }) {
  const revenue = formatRevenue(row.revenue);
  return (
    <tr role="row" className="border-t border-slate-100 align-top max-sm:block max-sm:py-3">
      <th
        role="rowheader"
        scope="row"
        className="py-2 pr-3 font-medium break-words text-slate-900 max-sm:block max-sm:pb-1"
      >
        {row.templateName}
        {row.templateId === null ? (
          <span className="block text-xs font-normal text-slate-500">Deleted template</span>
        ) : null}
      </th>
      <td role="cell" className={CELL}>
        <PhoneLabel>Sent</PhoneLabel>
        {formatCount(row.sent)}
      </td>
      <td role="cell" className={CELL}>
        <PhoneLabel>Opens</PhoneLabel>
        <span>
          {formatCount(row.uniqueOpens)}{' '}
          <span className="text-slate-500">({formatRate(row.uniqueOpens, row.sent)})</span>
        </span>
      </td>
      <td role="cell" className={CELL}>
        <PhoneLabel>Clicks</PhoneLabel>
        <span>
          {formatCount(row.clicks)}{' '}
          <span className="text-slate-500">({formatRate(row.clicks, row.sent)})</span>
        </span>
      </td>
      <td role="cell" className={CELL}>
        <PhoneLabel>Redemptions</PhoneLabel>
        {formatCount(row.redemptions)}
      </td>
      <td role="cell" className={CELL}>
        <PhoneLabel>Repeat orders</PhoneLabel>
        {formatCount(row.repeatOrders)}
      </td>
      <td role="cell" className={`${CELL} sm:pr-0`}>
        <PhoneLabel>Revenue</PhoneLabel>
        <span className="sm:block max-sm:text-right">
          {revenue.length
            ? revenue.map((line) => (
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

export function TemplatesTable({ rows }: { rows: readonly InsightsTemplateRow[] }) {
  return (
    <Card aria-labelledby="insights-templates-heading">
      <h2 id="insights-templates-heading" className="text-lg font-semibold">
        Per template
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Templates that sent at least one email in the period, most sent first. Rates are of the
        emails each one sent.
      </p>
      <div className="mt-4 sm:overflow-x-auto">
        <table role="table" className="w-full text-left text-sm max-sm:block">
          <thead className="text-xs text-slate-500 uppercase max-sm:sr-only">
            <tr role="row">
              {COLUMNS.map((label) => (
                <th key={label} role="columnheader" scope="col" className={HEAD}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {rows.map((row) => (
              <TemplateRow key={row.templateId ?? `deleted-${row.templateName}`} row={row} />
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
