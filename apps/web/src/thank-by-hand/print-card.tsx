// One card as it prints: a box of the layout's exact size with a small blank edge, the server's
// card html (sanitised there, inline styles only) zoomed to fit inside it.
import { useRef } from 'react';
import type { CardLayout, PrintCard as PrintCardData } from '@thankly/api-contract';
import { SHEET_GEOMETRY } from './card-layouts.ts';
import { useFitZoom, type FitResult } from './use-fit-zoom.ts';

export function PrintCard({
  card,
  layout,
  onFitted,
}: {
  card: PrintCardData;
  layout: CardLayout;
  onFitted: (layout: CardLayout, orderId: string, result: FitResult) => void;
}) {
  const geometry = SHEET_GEOMETRY[layout];
  const cardBox = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useFitZoom(box, content, `${layout}\n${card.html}`, (result) => {
    cardBox.current?.toggleAttribute('data-card-overflow', result.overflowing);
    onFitted(layout, card.orderId, result);
  });
  return (
    <div
      ref={cardBox}
      data-print-card=""
      data-order-id={card.orderId}
      data-order-number={card.orderNumber}
      className="box-border overflow-hidden"
      style={{
        width: geometry.cardWidth,
        height: geometry.cardHeight,
        padding: geometry.cardMargin,
      }}
    >
      <div ref={box} className="h-full w-full overflow-hidden">
        <div ref={content} dangerouslySetInnerHTML={{ __html: card.html }} />
      </div>
    </div>
  );
}
