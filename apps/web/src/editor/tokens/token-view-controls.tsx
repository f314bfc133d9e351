// Above the canvas: tokens as labels or filled with values, and which order fills them ("Preview
// as" the sample order or one of the seller's recent real orders).
import { useQuery } from '@tanstack/react-query';
import { sampleTokenValues, type TokenValues } from '@thankly/email';
import { useEffect, useId } from 'react';
import { Segmented } from '../../components/ui/segmented.tsx';
import { controlClass } from '../../components/ui/index.ts';
import { callApi } from '../../lib/call-api.ts';
import {
  SAMPLE_ORDER_ID,
  resetTokenView,
  setTokenView,
  useTokenView,
  type TokenViewMode,
} from './token-view.ts';

const MODES = [
  { value: 'labels', label: 'Token names' },
  { value: 'values', label: 'Order values' },
] as const;

export const PREVIEW_ORDERS_KEY = ['preview-orders'] as const;

export function TokenViewControls() {
  const view = useTokenView();
  const selectId = useId();
  const orders = useQuery({
    queryKey: PREVIEW_ORDERS_KEY,
    queryFn: () => callApi('GET /preview-orders'),
    enabled: view.mode === 'values',
    staleTime: 60_000,
  });
  // Each visit to the editor starts with token names and the sample order.
  useEffect(() => resetTokenView, []);

  const choose = (orderId: string) => {
    const order = orders.data?.orders.find((o) => o.id === orderId);
    const values: TokenValues = order ? order.values : sampleTokenValues;
    setTokenView({ orderId: order ? order.id : SAMPLE_ORDER_ID, values });
  };

  return (
    <div className="flex flex-wrap items-center gap-2" data-keep-selection>
      <Segmented
        label="Show tokens as"
        labelVisible={false}
        value={view.mode}
        options={MODES}
        onChange={(mode: TokenViewMode) => setTokenView({ mode })}
      />
      {view.mode === 'values' ? (
        <span className="inline-flex items-center gap-2">
          <label
            htmlFor={selectId}
            className="text-xs font-semibold whitespace-nowrap text-slate-700"
          >
            Preview as
          </label>
          <select
            id={selectId}
            value={view.orderId}
            onChange={(e) => choose(e.target.value)}
            className={`${controlClass('compact', false)} max-w-[16rem]`}
          >
            <option value={SAMPLE_ORDER_ID}>
              Sample order ({sampleTokenValues['customer-first-name']}{' '}
              {sampleTokenValues['customer-last-name']})
            </option>
            {orders.data?.orders.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </span>
      ) : null}
    </div>
  );
}
