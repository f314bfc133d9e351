// On the dashboard: how many orders wait for a printed card or a message, and the way to print.
import { Printer } from 'lucide-react';
import { ButtonLink } from '../components/ui/index.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { useByHandSummary } from './by-hand-queries.ts';

export function waitingText(waiting: number): string {
  return waiting === 1 ? '1 order waiting for a card' : `${waiting} orders waiting for a card`;
}

const WHY = {
  one: 'The marketplace did not share this buyer’s email address (or the shop is set to print), so thank them with a printed card in the parcel or a message from Recent orders.',
  many: 'The marketplace did not share these buyers’ email addresses (or their shop is set to print), so thank them with a printed card in the parcel or a message from Recent orders.',
} as const;

export function ByHandCallout() {
  const summary = useByHandSummary();
  const waiting = summary.data?.waiting ?? 0;
  // Nothing while loading, on a failure (the orders list says what it can) or with none waiting.
  if (waiting <= 0) return null;
  return (
    <section
      aria-labelledby="by-hand-heading"
      className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:p-6"
    >
      <div className="max-w-2xl">
        <h2 id="by-hand-heading" className="text-lg font-semibold text-slate-900">
          {waitingText(waiting)}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{WHY[waiting === 1 ? 'one' : 'many']}</p>
      </div>
      <ButtonLink to={`${PRODUCT_PATH}/cards`}>
        <Printer aria-hidden="true" className="h-4 w-4" />
        Print cards
      </ButtonLink>
    </section>
  );
}
