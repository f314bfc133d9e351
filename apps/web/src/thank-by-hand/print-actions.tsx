// Print, then say what came out: the browser's own print dialog prints the sheets (to paper or a
// PDF); afterwards the seller confirms the cards printed well, which marks those buyers thanked.
import { useEffect, useState } from 'react';
import { Printer } from 'lucide-react';
import { CARD_LAYOUT_INFO, type CardLayout, type PrintCard } from '@thankly/api-contract';
import { Button } from '../components/ui/index.ts';
import { MarkPrinted, cardsText } from './mark-printed.tsx';

export function PrintActions({
  cards,
  layout,
  batchIds,
}: {
  cards: readonly PrintCard[];
  layout: CardLayout;
  batchIds: string;
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
          In the print dialog choose {CARD_LAYOUT_INFO[layout].label} paper, no margins and 100 %
          scale.
        </p>
      </div>
      {printed ? <MarkPrinted cards={cards} batchIds={batchIds} /> : null}
    </div>
  );
}
