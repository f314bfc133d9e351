// Recent orders and what Thankly did about each: sent, skipped (and why), failed, or pending; an
// order whose buyer cannot be emailed waits for a printed card or a message, then says which went.
import { MARKETPLACE_NAMES } from '@thankly/api-contract/catalog';
import type { ActivityItem } from '@thankly/api-contract';
import { Button } from '../../components/ui/index.ts';
import { useActivity } from '../marketplace/marketplace-queries.ts';
import { useFormatSellerTime } from '../../lib/seller-time.ts';
import { ActivityState, orderLabel } from './activity-state.tsx';
import { OrderJourneyRow } from './order-journey-row.tsx';
import { OrderProgressBadge } from './order-progress-badge.tsx';
import { TemplateUsed } from './template-used.tsx';

// On phones the table becomes a card per order (order and time on top, then buyer, template and
// state): five columns cannot fit 390 px. Explicit roles keep it a table for screen readers after
// the display change.
const CELL = 'py-2 pr-3 max-sm:py-0.5 max-sm:pr-0';

function Row({ item }: { item: ActivityItem }) {
  return (
    <>
      <OrderRow item={item} />
      <OrderJourneyRow item={item} />
    </>
  );
}

function OrderRow({ item }: { item: ActivityItem }) {
  const formatTime = useFormatSellerTime();
  return (
    <tr
      role="row"
      className="border-t border-slate-100 align-top max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:gap-x-3 max-sm:py-3"
    >
      <td role="cell" className={CELL}>
        <span className="font-medium text-slate-900">{orderLabel(item.orderNumber)}</span>
        <span className="block text-xs text-slate-500">
          {item.shopName}
          {item.marketplace === 'demo' ? null : ` · ${MARKETPLACE_NAMES[item.marketplace]}`}
        </span>
        <span className="mt-1 block">
          <OrderProgressBadge progress={item.progress} />
        </span>
      </td>
      <td role="cell" className={`${CELL} max-sm:col-span-2`}>
        {item.buyerName ?? '—'}
        {item.buyerEmail ? <BuyerEmail address={item.buyerEmail} /> : null}
      </td>
      <td role="cell" className={`${CELL} max-sm:col-span-2`}>
        <span className="text-xs text-slate-500 sm:hidden">Template: </span>
        <TemplateUsed name={item.templateName} version={item.templateVersion} />
      </td>
      <td role="cell" className={`${CELL} max-sm:col-span-2 max-sm:pt-1`}>
        <ActivityState item={item} />
      </td>
      <td
        role="cell"
        className="py-2 text-xs whitespace-nowrap text-slate-600 max-sm:col-start-2 max-sm:row-start-1 max-sm:py-0.5 max-sm:text-right"
      >
        <time dateTime={item.at}>{formatTime(item.at)}</time>
      </td>
    </tr>
  );
}

export function ActivityList() {
  const activity = useActivity();
  return (
    <section aria-labelledby="activity-heading" className="mt-10">
      <h2 id="activity-heading" className="text-lg font-semibold text-slate-900">
        Recent orders
      </h2>
      {activity.isPending ? (
        <div className="mt-3 h-24 animate-pulse rounded-xl bg-slate-50" aria-hidden="true" />
      ) : activity.isError ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-600">
          Recent orders could not be loaded.
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => activity.refetch()}>
            Try again
          </Button>
        </div>
      ) : activity.data.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          No orders yet. When a buyer pays, you will see here what Thankly sent them.
        </p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white px-3">
          <table role="table" className="w-full text-left text-sm sm:min-w-[640px] max-sm:block">
            <thead className="text-xs text-slate-500 uppercase max-sm:sr-only">
              <tr role="row">
                <th role="columnheader" scope="col" className="py-2 pr-3 font-semibold">
                  Order
                </th>
                <th role="columnheader" scope="col" className="py-2 pr-3 font-semibold">
                  Buyer
                </th>
                <th role="columnheader" scope="col" className="py-2 pr-3 font-semibold">
                  Template
                </th>
                <th role="columnheader" scope="col" className="py-2 pr-3 font-semibold">
                  State
                </th>
                <th role="columnheader" scope="col" className="py-2 font-semibold">
                  Time
                </th>
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {activity.data.map((item) => (
                <Row key={item.id} item={item} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * An address wraps only where a reader would break it, before the @ (and inside a part only if
 * that part alone is wider than the cell), never at an arbitrary letter.
 */
function BuyerEmail({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  return (
    <span className="block text-xs break-words text-slate-500">
      {at > 0 ? (
        <>
          {address.slice(0, at)}
          <wbr />
          {address.slice(at)}
        </>
      ) : (
        address
      )}
    </span>
  );
}
