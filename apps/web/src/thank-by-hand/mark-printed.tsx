// "Did all N cards print well?": only cards never printed before count; a reprint marks nothing.
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import type { CardBatchKind, CardsPrinted, PrintCard } from '@thankly/api-contract';
import { ORDERS_ANCHOR } from '../components/app-shell/app-nav.ts';
import { Alert, Button } from '../components/ui/index.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { errorText, useMarkCardsPrinted } from './by-hand-queries.ts';

export const MARK_PRINTED_MESSAGES = {
  failed: 'The cards could not be marked printed. Try again.',
  reprintOnly: 'These cards were all printed before, so there is nothing to mark.',
} as const;

export function cardsText(count: number): string {
  return count === 1 ? '1 card' : `${count} cards`;
}

function doneText({ marked, alreadyThanked }: CardsPrinted): string {
  const done = `Marked ${cardsText(marked)} printed: those buyers are thanked.`;
  if (alreadyThanked === 0) return done;
  const were = alreadyThanked === 1 ? '1 order was' : `${alreadyThanked} orders were`;
  return `${done} ${were} thanked already and stay as they were.`;
}

export function MarkPrinted({
  cards,
  batchIds,
  batch = 'waiting',
}: {
  cards: readonly PrintCard[];
  batchIds: string;
  batch?: CardBatchKind;
}) {
  const headingId = useId();
  const region = useRef<HTMLElement>(null);
  const mark = useMarkCardsPrinted(batchIds, batch);
  // Back from the print dialog, the question is where the keyboard is.
  useEffect(() => region.current?.focus(), []);
  const fresh = cards.filter((card) => card.cardPrintedAt === null);
  const reprints = cards.length - fresh.length;
  const heading =
    fresh.length === 1 ? 'Did the card print well?' : `Did all ${fresh.length} cards print well?`;

  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm focus:outline-none sm:p-6"
    >
      {mark.isSuccess ? (
        <>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            Cards marked printed
          </h2>
          <Alert tone="success">{doneText(mark.data)}</Alert>
          <Link
            to={`${PRODUCT_PATH}#${ORDERS_ANCHOR}`}
            className="focus-ring text-sm font-semibold text-brand-700 underline"
          >
            Back to your orders
          </Link>
        </>
      ) : fresh.length === 0 ? (
        <>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            Reprinted
          </h2>
          <p className="text-sm text-slate-700">{MARK_PRINTED_MESSAGES.reprintOnly}</p>
        </>
      ) : (
        <>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {heading}
          </h2>
          <p className="text-sm text-slate-700">
            Marking them tells Thankly these buyers are thanked, so they stop waiting for a card. If
            some came out wrong, print again first.
            {reprints > 0
              ? ` ${cardsText(reprints)} here ${reprints === 1 ? 'was' : 'were'} printed before and stay as they are.`
              : ''}
          </p>
          {mark.isError ? (
            <Alert>{errorText(mark.error, MARK_PRINTED_MESSAGES.failed)}</Alert>
          ) : null}
          <Button
            disabled={mark.isPending}
            onClick={() => mark.mutate(fresh.map((card) => card.orderId))}
          >
            {mark.isPending ? 'Marking…' : `Mark ${cardsText(fresh.length)} printed`}
          </Button>
        </>
      )}
    </section>
  );
}
