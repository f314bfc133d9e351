// /thankly/cards: thank-you cards for the buyers email cannot reach, laid out on the chosen paper
// and printed with the browser's own print, as the seller packs. By default the batch is the
// orders to ship today and overdue (Etsy's ship-by day, elsewhere payment plus the seller's
// processing days); ?batch=waiting holds every order waiting, oldest first. ?ids=a,b picks orders
// (a reprint, or a chosen set). The card size, fold and bleed are the seller's, saved on the
// server; ?layout= still names a paper for this visit.
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type {
  CardBatchKind,
  CardLayout,
  CardPrintSettings,
  PrintCard,
} from '@thankly/api-contract';
import { Alert, Button, ButtonLink, Container, PageHeader } from '../components/ui/index.ts';
import { NumberField } from '../components/ui/number-field.tsx';
import { PRODUCT_PATH } from '../route-meta.ts';
import {
  errorText,
  useCardBatch,
  useCardSettings,
  useSaveCardSettings,
} from './by-hand-queries.ts';
import { CardSheets } from './card-sheets.tsx';
import { type PrintFormat, formatKey, idsParam, isCardLayout } from './card-layouts.ts';
import { HeldForLimitNote } from './held-for-limit-note.tsx';
import { LayoutPicker } from './layout-picker.tsx';
import { PrintActions } from './print-actions.tsx';
import { PrintStyles } from './print-styles.tsx';
import { useCardsFitted } from './use-cards-fitted.ts';

export const CARDS_PAGE_TITLE = 'Print thank-you cards';
export const CARDS_MESSAGES = {
  loadFailed: 'The cards could not be loaded.',
  empty: 'No orders are waiting for a card.',
  emptyToday: (waiting: number) =>
    waiting === 1
      ? 'No cards to pack today. 1 order is waiting for a card that ships on a later day.'
      : `No cards to pack today. ${waiting} orders are waiting for a card that ship on later days.`,
  inParcel:
    'Etsy does not share buyers’ postal addresses with apps like Thankly, so these cards cannot be posted: print them as you pack, and put each card in its parcel.',
  noShopAddress:
    'Add your shop’s web address on the dashboard to put a QR code to your shop on each card.',
  cutOff: (orderNumber: string) =>
    `The card for order ${orderNumber.startsWith('#') ? '' : '#'}${orderNumber} is too long for a card: its end is cut off even at the smallest text. Shorten its template to fit.`,
} as const;

function batchParam(value: string | null): CardBatchKind {
  return value === 'waiting' ? 'waiting' : 'ship-today';
}

export default function CardsPage() {
  const [params, setParams] = useSearchParams();
  const ids = idsParam(params.get('ids'));
  const kind = batchParam(params.get('batch'));
  const settings = useCardSettings();
  const save = useSaveCardSettings();
  const batch = useCardBatch(ids, kind);
  const layoutParam = params.get('layout');

  function setParam(name: string, value: string | null) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (value === null) updated.delete(name);
        else updated.set(name, value);
        return updated;
      },
      { replace: true },
    );
  }

  // The choice as the seller just made it, shown in the same render as the click: the saved
  // settings' optimistic copy reaches the page a task later, and until then React would put a
  // controlled radio or checkbox back the way it was (a flicker a fast click could see).
  const [chosen, setChosen] = useState<CardPrintSettings | null>(null);

  function saveSettings(next: CardPrintSettings) {
    setChosen(next);
    // Once the last choice is settled the saved settings show it (or, refused, what was saved).
    save.mutate(next, { onSettled: () => setChosen(null) });
    // The saved size is the one shown from now on.
    if (layoutParam !== null) setParam('layout', null);
  }

  const loading = batch.isPending || settings.isPending;
  const failed = batch.isError ? batch : settings.isError ? settings : null;

  return (
    <Container className="py-8 sm:py-10">
      <PageHeader
        title={CARDS_PAGE_TITLE}
        lead="For buyers your marketplace did not share an email address for, or whose shop you set to print: your thank-you, laid out for paper, to go in the parcel as you pack."
      />
      {loading && !failed ? (
        <div aria-hidden="true" className="space-y-4">
          <p role="status" className="sr-only">
            Loading the cards…
          </p>
          <div className="h-28 animate-pulse rounded-2xl bg-slate-100" />
          <div className="mx-auto h-96 max-w-md animate-pulse rounded bg-slate-100" />
        </div>
      ) : failed ? (
        <div className="space-y-4">
          <Alert>{errorText(failed.error, CARDS_MESSAGES.loadFailed)}</Alert>
          <Button variant="secondary" onClick={() => failed.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Loaded
          ids={ids}
          kind={kind}
          batchData={batch.data!}
          settings={chosen ?? settings.data!}
          layoutParam={layoutParam}
          onKind={(next) => setParam('batch', next === 'ship-today' ? null : next)}
          onSettings={saveSettings}
          saveError={save.isError ? errorText(save.error, 'Your choice could not be saved.') : null}
        />
      )}
    </Container>
  );
}

function Loaded({
  ids,
  kind,
  batchData,
  settings,
  layoutParam,
  onKind,
  onSettings,
  saveError,
}: {
  ids: string;
  kind: CardBatchKind;
  batchData: NonNullable<ReturnType<typeof useCardBatch>['data']>;
  settings: CardPrintSettings;
  layoutParam: string | null;
  onKind: (kind: CardBatchKind) => void;
  onSettings: (settings: CardPrintSettings) => void;
  saveError: string | null;
}) {
  const layout: CardLayout = isCardLayout(layoutParam) ? layoutParam : settings.layout;
  const format: PrintFormat = { layout, fold: settings.fold, bleed: settings.bleed };
  const { cards } = batchData;
  return (
    <div className="space-y-8">
      <PrintStyles format={format} />
      {batchData.addressesWithheld ? (
        <Alert tone="info">
          <span data-in-parcel-note="">{CARDS_MESSAGES.inParcel}</span>
        </Alert>
      ) : null}
      {ids ? null : (
        <BatchChooser
          kind={kind}
          toShip={batchData.toShip}
          waiting={batchData.waiting}
          today={batchData.today}
          processingDays={settings.processingDays}
          onKind={onKind}
          onProcessingDays={(processingDays) => onSettings({ ...settings, processingDays })}
        />
      )}
      <HeldForLimitNote batch={batchData} />
      {saveError ? <Alert>{saveError}</Alert> : null}
      {cards.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="text-slate-700">
            {kind === 'ship-today' && !ids && batchData.waiting > 0
              ? CARDS_MESSAGES.emptyToday(batchData.waiting)
              : CARDS_MESSAGES.empty}
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            {kind === 'ship-today' && !ids && batchData.waiting > 0 ? (
              <Button variant="secondary" onClick={() => onKind('waiting')}>
                Show all waiting
              </Button>
            ) : null}
            <ButtonLink to={PRODUCT_PATH} variant="secondary">
              Back to the dashboard
            </ButtonLink>
          </div>
        </div>
      ) : (
        <Batch
          cards={cards}
          format={format}
          ids={ids}
          kind={kind}
          onFormat={(next) => onSettings({ ...settings, ...next })}
        />
      )}
    </div>
  );
}

/** Which orders to print: to ship today (and overdue), or every one waiting. */
function BatchChooser({
  kind,
  toShip,
  waiting,
  today,
  processingDays,
  onKind,
  onProcessingDays,
}: {
  kind: CardBatchKind;
  toShip: number;
  waiting: number;
  today: string;
  processingDays: number;
  onKind: (kind: CardBatchKind) => void;
  onProcessingDays: (days: number) => void;
}) {
  const id = useId();
  const day = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${today}T12:00:00Z`),
  );
  const options: Array<{ value: CardBatchKind; label: string; description: string }> = [
    {
      value: 'ship-today',
      label: `To ship today (${toShip})`,
      description: `Orders due to ship by ${day}, and any overdue: the cards to pack now.`,
    },
    {
      value: 'waiting',
      label: `All waiting (${waiting})`,
      description: 'Every order still waiting for a card or a message, oldest first.',
    },
  ];
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold text-slate-900">Which orders</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            htmlFor={`${id}-${option.value}`}
            className="flex cursor-pointer gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-slate-400 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <input
              id={`${id}-${option.value}`}
              type="radio"
              name={`${id}-batch`}
              checked={kind === option.value}
              onChange={() => onKind(option.value)}
              aria-describedby={`${id}-${option.value}-description`}
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
            />
            <span>
              <span className="block text-sm font-semibold text-slate-900">{option.label}</span>
              <span
                id={`${id}-${option.value}-description`}
                className="mt-1 block text-xs text-slate-600"
              >
                {option.description}
              </span>
            </span>
          </label>
        ))}
      </div>
      <div className="flex flex-col gap-3 rounded-xl bg-slate-50 px-4 py-3 sm:flex-row sm:items-end sm:gap-4">
        <p className="max-w-prose text-sm text-slate-700 sm:flex-1">
          Etsy gives each order its ship-by date. Shopify, WooCommerce and the demo shop do not, so
          their orders ship the number of days after payment you set here.
        </p>
        <div className="w-full sm:w-44">
          <NumberField
            label="Days to ship"
            value={processingDays}
            min={0}
            max={60}
            onChange={onProcessingDays}
          />
        </div>
      </div>
    </fieldset>
  );
}

function Batch({
  cards,
  format,
  ids,
  kind,
  onFormat,
}: {
  cards: readonly PrintCard[];
  format: PrintFormat;
  ids: string;
  kind: CardBatchKind;
  onFormat: (format: PrintFormat) => void;
}) {
  const { onFitted, cutOff } = useCardsFitted(
    formatKey(format),
    cards.map((card) => card.orderId),
  );
  const numberOf = (orderId: string) => cards.find((c) => c.orderId === orderId)?.orderNumber;
  const withoutQr = cards.some((card) => card.shopQr === null);
  return (
    <>
      <LayoutPicker value={format} onChange={onFormat} />
      <PrintActions
        key={`${kind}:${ids}`}
        cards={cards}
        format={format}
        batchIds={ids}
        batch={kind}
      />
      {withoutQr ? <Alert tone="info">{CARDS_MESSAGES.noShopAddress}</Alert> : null}
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
        <CardSheets cards={cards} format={format} onFitted={onFitted} />
      </section>
    </>
  );
}
