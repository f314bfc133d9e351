// One card as it prints: a box of the card's exact trimmed size with a small blank edge, the
// server's card html (sanitised there, inline styles only) zoomed to fit inside it, and a line that
// greets the buyer by first name beside a QR code to the shop. Folded, the sheet holds two panels:
// the back (left: the greeting and QR code) and the front (right: the thank-you). With bleed, the
// card's background runs 3 mm past each trimmed edge and crop marks show where to cut.
import { useRef, type CSSProperties } from 'react';
import type { PrintCard as PrintCardData } from '@thankly/api-contract';
import type { SheetGeometry } from './card-layouts.ts';
import { useFitZoom, type FitResult } from './use-fit-zoom.ts';

/** The buyer by first name; without one, a greeting that suits anyone. */
export function cardGreeting(firstName: string | null): string {
  return firstName ? `Thank you, ${firstName}!` : 'Thank you!';
}

/** Longer than this, an address is not one a buyer would type: the QR code carries it alone. */
const TYPABLE_ADDRESS_CHARS = 40;

/** The address as a buyer would type it (no scheme, no trailing slash), or null if too long. */
export function shortAddress(url: string): string | null {
  const short = url.replace(/^https?:\/\//, '').replace(/\/$/, '');
  return short.length <= TYPABLE_ADDRESS_CHARS ? short : null;
}

/** The card's own style, as the server wrote it on its first element. */
function cardStyleOf(html: string): string {
  return /^<article\b[^>]*\bstyle="([^"]*)"/.exec(html)?.[1] ?? '';
}

/** The card's own background (its first style's colour), carried into the bleed. */
export function cardBackground(html: string): string | undefined {
  return /background(?:-color)?:\s*(#[0-9a-f]{3,8}|rgba?\([^)]*\))/i.exec(cardStyleOf(html))?.[1];
}

/** The card's font and text colour, so the greeting reads as part of the same card. */
export function cardLettering(html: string): { fontFamily?: string; color?: string } {
  const style = cardStyleOf(html).replaceAll('&quot;', '"').replaceAll('&#39;', "'");
  const fontFamily = /(?:^|;)\s*font-family:\s*([^;]+)/i.exec(style)?.[1]?.trim();
  const color = /(?:^|;)\s*color:\s*(#[0-9a-f]{3,8}|rgba?\([^)]*\))/i.exec(style)?.[1];
  return { ...(fontFamily ? { fontFamily } : {}), ...(color ? { color } : {}) };
}

function ShopStrip({ card, large }: { card: PrintCardData; large: boolean }) {
  return (
    <div
      data-card-strip=""
      className={
        large
          ? 'flex h-full flex-col items-center justify-center gap-[4mm] text-center'
          : 'flex items-center gap-[3mm] border-t border-slate-200 pt-[2.5mm]'
      }
      style={{ color: '#1f2937', ...cardLettering(card.html) }}
    >
      <div className={large ? '' : 'min-w-0 flex-1'}>
        <p
          data-card-greeting=""
          style={{ fontSize: large ? '5mm' : '3.6mm', lineHeight: 1.2, margin: 0, fontWeight: 600 }}
        >
          {cardGreeting(card.firstName)}
        </p>
        {card.shopUrl ? (
          <p style={{ fontSize: large ? '3mm' : '2.5mm', lineHeight: 1.3, margin: '1mm 0 0' }}>
            Scan to visit {card.shopName} again
            {shortAddress(card.shopUrl) ? `: ${shortAddress(card.shopUrl)}` : ''}
          </p>
        ) : (
          <p style={{ fontSize: large ? '3mm' : '2.5mm', lineHeight: 1.3, margin: '1mm 0 0' }}>
            {card.shopName}
          </p>
        )}
      </div>
      {card.shopQr ? (
        <div
          data-shop-qr=""
          data-qr-url={card.shopUrl ?? ''}
          className="shrink-0"
          style={{ width: large ? '26mm' : '17mm', height: large ? '26mm' : '17mm' }}
          dangerouslySetInnerHTML={{ __html: card.shopQr }}
        />
      ) : null}
    </div>
  );
}

export function PrintCard({
  card,
  geometry,
  fitKey,
  onFitted,
}: {
  card: PrintCardData;
  geometry: SheetGeometry;
  /** Changes whenever the paper does, so the content is fitted again. */
  fitKey: string;
  onFitted: (orderId: string, result: FitResult) => void;
}) {
  const cardBox = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useFitZoom(box, content, `${fitKey}\n${card.html}`, (result) => {
    cardBox.current?.toggleAttribute('data-card-overflow', result.overflowing);
    onFitted(card.orderId, result);
  });
  const background = cardBackground(card.html);
  const panel: CSSProperties = {
    width: geometry.panelWidth,
    height: '100%',
    padding: geometry.cardMargin,
    boxSizing: 'border-box',
  };
  const front = (
    <div style={panel} className="flex flex-col gap-[2mm]">
      <div ref={box} className="min-h-0 w-full flex-1 overflow-hidden">
        <div ref={content} dangerouslySetInnerHTML={{ __html: card.html }} />
      </div>
      {geometry.fold ? null : <ShopStrip card={card} large={false} />}
    </div>
  );
  return (
    <div
      ref={cardBox}
      data-print-card=""
      data-order-id={card.orderId}
      data-order-number={card.orderNumber}
      className="relative box-border overflow-hidden"
      style={{
        // With bleed the card's box is the whole sheet: its background runs to the paper's edge.
        width: `calc(${geometry.cardWidth} + 2 * ${geometry.bleed})`,
        height: `calc(${geometry.cardHeight} + 2 * ${geometry.bleed})`,
        padding: geometry.bleed,
        background,
      }}
    >
      <div
        data-card-trim=""
        className="flex"
        style={{ width: geometry.cardWidth, height: geometry.cardHeight }}
      >
        {geometry.fold ? (
          <>
            <div data-card-panel="back" style={panel}>
              <ShopStrip card={card} large />
            </div>
            <div data-card-panel="front" className="flex">
              {front}
            </div>
          </>
        ) : (
          front
        )}
      </div>
      {geometry.bleedMm > 0 ? <CropMarks geometry={geometry} /> : null}
      {geometry.fold ? <FoldMarks geometry={geometry} /> : null}
    </div>
  );
}

const MARK = '#111827';
const HAIRLINE = '0.25mm';

/**
 * Where to cut: at each corner of the trimmed card, two hairlines in the bleed, on the trim lines'
 * extension, stopping 1 mm short of the card so no mark shows on it after cutting.
 */
function CropMarks({ geometry }: { geometry: SheetGeometry }) {
  const b = geometry.bleed;
  const length = `calc(${b} - 1mm)`;
  const marks: CSSProperties[] = [];
  for (const x of ['left', 'right'] as const)
    for (const y of ['top', 'bottom'] as const) {
      // Vertical mark on the card's side edge, in the top or bottom bleed.
      marks.push({ [x]: `calc(${b} - ${HAIRLINE} / 2)`, [y]: 0, width: HAIRLINE, height: length });
      // Horizontal mark on the card's top or bottom edge, in the side bleed.
      marks.push({ [y]: `calc(${b} - ${HAIRLINE} / 2)`, [x]: 0, height: HAIRLINE, width: length });
    }
  return (
    <div aria-hidden="true" data-crop-marks="" className="pointer-events-none absolute inset-0">
      {marks.map((style, i) => (
        <span key={i} className="absolute" style={{ ...style, background: MARK }} />
      ))}
    </div>
  );
}

/** Where to fold: short dashes at the middle of the top and bottom edges. */
function FoldMarks({ geometry }: { geometry: SheetGeometry }) {
  const length = geometry.bleedMm > 0 ? `calc(${geometry.bleed} - 1mm)` : '2.5mm';
  const common: CSSProperties = {
    left: `calc(50% - ${HAIRLINE} / 2)`,
    width: 0,
    height: length,
    borderLeft: `${HAIRLINE} dashed ${MARK}`,
  };
  return (
    <div aria-hidden="true" data-fold-marks="" className="pointer-events-none absolute inset-0">
      <span className="absolute" style={{ ...common, top: 0 }} />
      <span className="absolute" style={{ ...common, bottom: 0 }} />
    </div>
  );
}
