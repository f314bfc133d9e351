// Print, then say what came out: the browser's own print dialog prints the sheets (to paper or a
// PDF); afterwards the seller confirms the cards printed well, which marks those buyers thanked.
import { useEffect, useState } from 'react';
import { Printer } from 'lucide-react';
import {
  CARD_LAYOUT_INFO,
  type CardBatchKind,
  type PrintCard,
  isCardStockLayout,
} from '@thankly/api-contract';
import { Button } from '../components/ui/index.ts';
import { type PrintFormat, sheetMillimetres } from './card-layouts.ts';
import { MarkPrinted, cardsText } from './mark-printed.tsx';
import { PackedList } from './packed-list.tsx';

const formatMm = (value: number) => String(Math.round(value * 10) / 10);

/** The paper to choose in the print dialog: the layout's own, or the sheet a fold or bleed needs. */
export function paperText(format: PrintFormat): string {
  const { label } = CARD_LAYOUT_INFO[format.layout];
  if (!isCardStockLayout(format.layout) || (!format.fold && !format.bleed)) return `${label} paper`;
  const { sheet, card } = sheetMillimetres(format);
  const what = format.fold ? `a folded ${label}` : label;
  return `a ${formatMm(sheet[0])}×${formatMm(sheet[1])} mm sheet (${what}${
    format.bleed ? `, ${formatMm(card[0])}×${formatMm(card[1])} mm once cut` : ''
  })`;
}

export function PrintActions({
  cards,
  format,
  batchIds,
  batch,
}: {
  cards: readonly PrintCard[];
  format: PrintFormat;
  batchIds: string;
  batch: CardBatchKind;
}) {
  const [printed, setPrinted] = useState(false);
  // Printing from the browser's menu (Ctrl+P) asks the same question afterwards.
  useEffect(() => {
    const onAfterPrint = () => setPrinted(true);
    window.addEventListener('afterprint', onAfterPrint);
    return () => window.removeEventListener('afterprint', onAfterPrint);
  }, []);

  function print() {
    window.print();
    // Where print() does not wait for the dialog (some mobile browsers), ask at once all the same.
    setPrinted(true);
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        {/* Once printed, marking them is the step to take: printing again steps back. */}
        <Button onClick={print} variant={printed ? 'secondary' : 'primary'}>
          <Printer aria-hidden="true" className="h-4 w-4" />
          {printed ? 'Print again' : `Print ${cardsText(cards.length)}`}
        </Button>
        <p className="text-sm text-slate-600">
          In the print dialog choose {paperText(format)}, no margins and 100 % scale.
        </p>
      </div>
      {printed ? (
        <>
          {/* Packing marks a card printed too: once all are packed there is nothing to confirm. */}
          {cards.some((card) => card.packedAt === null) ? (
            <MarkPrinted cards={cards} batchIds={batchIds} batch={batch} />
          ) : null}
          <PackedList cards={cards} />
        </>
      ) : null}
    </div>
  );
}
