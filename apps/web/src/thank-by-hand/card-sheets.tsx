// The sheets as they print, on screen as paper: each sheet keeps its exact physical layout (so a card
// fits on screen as it fits on paper) and is only scaled down to the width there is. In print the
// scaling is dropped (print-styles.tsx) and each sheet is one page.
import { useState } from 'react';
import { CARD_LAYOUT_INFO, type PrintCard as PrintCardData } from '@thankly/api-contract';
import { type PrintFormat, formatKey, sheetGeometry, sheetsOf } from './card-layouts.ts';
import { CutMarks } from './cut-marks.tsx';
import { PrintCard } from './print-card.tsx';
import { useElementWidth } from './use-element-width.ts';
import type { FitResult } from './use-fit-zoom.ts';

export function CardSheets({
  cards,
  format,
  onFitted,
}: {
  cards: readonly PrintCardData[];
  format: PrintFormat;
  onFitted: (format: string, orderId: string, result: FitResult) => void;
}) {
  const [list, setList] = useState<HTMLDivElement | null>(null);
  const available = useElementWidth(list);
  const geometry = sheetGeometry(format);
  const key = formatKey(format);
  const fourUp = CARD_LAYOUT_INFO[format.layout].perPage === 4;
  // Without layout (jsdom) there is no width to fit: the sheets keep their own size.
  const scale = available > 0 ? Math.min(1, available / geometry.widthPx) : 1;
  const sheets = sheetsOf(cards, format.layout);
  return (
    <div ref={setList} data-card-sheets="" className="flex flex-wrap justify-center gap-6">
      {sheets.map((sheet, index) => (
        <div
          key={index}
          data-sheet-frame=""
          // The frame takes the scaled size; the sheet inside keeps its own layout.
          className="overflow-clip bg-white shadow-md ring-1 ring-slate-200"
          style={{ width: geometry.widthPx * scale, height: geometry.heightPx * scale }}
        >
          <div
            data-card-sheet=""
            data-sheet-size={`${geometry.width} ${geometry.height}`}
            role="group"
            aria-label={`Sheet ${index + 1} of ${sheets.length}`}
            className={`relative origin-top-left bg-white ${fourUp ? 'grid grid-cols-2 content-start' : ''}`}
            style={{
              width: geometry.width,
              height: geometry.height,
              transform: scale < 1 ? `scale(${scale})` : undefined,
            }}
          >
            {sheet.map((card) => (
              <PrintCard
                key={card.orderId}
                card={card}
                geometry={geometry}
                fitKey={key}
                onFitted={(orderId, result) => onFitted(key, orderId, result)}
              />
            ))}
            {fourUp ? <CutMarks /> : null}
          </div>
        </div>
      ))}
    </div>
  );
}
