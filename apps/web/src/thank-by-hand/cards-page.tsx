// /thankly/cards: thank-you cards for the buyers email cannot reach, laid out on the chosen paper
// and printed with the browser's own print. ?ids=a,b picks orders (a reprint, or a chosen set);
// without it, the orders waiting for a card, as many as today's daily limit has room for.
// ?layout= names the paper; the last choice is remembered in this browser.
import { useSearchParams } from 'react-router';
import type { CardLayout, PrintCard } from '@thankly/api-contract';
import { Alert, Button, ButtonLink, Container, PageHeader } from '../components/ui/index.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { errorText, useCardBatch } from './by-hand-queries.ts';
import { CardSheets } from './card-sheets.tsx';
import { chooseLayout, idsParam, rememberLayout } from './card-layouts.ts';
import { HeldForLimitNote } from './held-for-limit-note.tsx';
import { LayoutPicker } from './layout-picker.tsx';
import { PrintActions } from './print-actions.tsx';
import { PrintStyles } from './print-styles.tsx';
import { useCardsFitted } from './use-cards-fitted.ts';

export const CARDS_PAGE_TITLE = 'Print thank-you cards';
export const CARDS_MESSAGES = {
  loadFailed: 'The cards could not be loaded.',
  empty: 'No orders are waiting for a card.',
  cutOff: (orderNumber: string) =>
    `The card for order ${orderNumber.startsWith('#') ? '' : '#'}${orderNumber} is too long for a card: its end is cut off even at the smallest text. Shorten its template to fit.`,
} as const;

export default function CardsPage() {
  const [params, setParams] = useSearchParams();
  const ids = idsParam(params.get('ids'));
  const layout = chooseLayout(params.get('layout'));
  const batch = useCardBatch(ids);

  function choose(next: CardLayout) {
    rememberLayout(next);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('layout', next);
        return updated;
      },
      { replace: true },
    );
  }

  return (
    <Container className="py-8 sm:py-10">
      <PageHeader
        title={CARDS_PAGE_TITLE}
        lead="For buyers your marketplace did not share an email address for, or whose shop you set to print: your thank-you, laid out for paper."
      />
      {batch.isPending ? (
        <div aria-hidden="true" className="space-y-4">
          <p role="status" className="sr-only">
            Loading the cards…
          </p>
          <div className="h-28 animate-pulse rounded-2xl bg-slate-100" />
          <div className="mx-auto h-96 max-w-md animate-pulse rounded bg-slate-100" />
        </div>
      ) : batch.isError ? (
        <div className="space-y-4">
          <Alert>{errorText(batch.error, CARDS_MESSAGES.loadFailed)}</Alert>
          <Button variant="secondary" onClick={() => batch.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="space-y-8">
          <PrintStyles layout={layout} />
          <HeldForLimitNote batch={batch.data} />
          {batch.data.cards.length === 0 ? (
            <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
              <p className="text-slate-700">{CARDS_MESSAGES.empty}</p>
              <ButtonLink to={PRODUCT_PATH} variant="secondary">
                Back to the dashboard
              </ButtonLink>
            </div>
          ) : (
            <Batch cards={batch.data.cards} layout={layout} ids={ids} onLayout={choose} />
          )}
        </div>
      )}
    </Container>
  );
}

function Batch({
  cards,
  layout,
  ids,
  onLayout,
}: {
  cards: readonly PrintCard[];
  layout: CardLayout;
  ids: string;
  onLayout: (layout: CardLayout) => void;
}) {
  const { onFitted, cutOff } = useCardsFitted(
    layout,
    cards.map((card) => card.orderId),
  );
  const numberOf = (orderId: string) => cards.find((c) => c.orderId === orderId)?.orderNumber;
  return (
    <>
      <LayoutPicker value={layout} onChange={onLayout} />
      <PrintActions key={ids} cards={cards} layout={layout} batchIds={ids} />
      {cutOff.length > 0 ? (
        <Alert tone="info">
          {cutOff.map((orderId) => (
            <span key={orderId} className="block">
              {CARDS_MESSAGES.cutOff(numberOf(orderId) ?? '')}
            </span>
          ))}
        </Alert>
      ) : null}
      <section aria-label="Print preview">
        <CardSheets cards={cards} layout={layout} onFitted={onFitted} />
      </section>
    </>
  );
}
