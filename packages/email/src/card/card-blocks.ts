// Each block type on paper. Keyed by block type with every type required, so a new block type does
// not typecheck until it says how it prints. Words look as they do in the email (headings and text
// reuse the email's own rendering, which has no width of its own); what only works on a screen
// changes: a button becomes a QR code, an image loses its click-through link, columns stay side by
// side.
import { blockRegistry, type BlockOfType, type BlockType } from '../blocks/registry.ts';
import { BUTTON_SIZES, buttonRadius } from '../blocks/button/button-block.ts';
import type { RenderContext } from '../blocks/block-definition.ts';
import { blockContentPx, hasColor, textStyle } from '../render/block-style.ts';
import { escapeHtml } from '../render/html.ts';
import { safeImageUrl } from '../render/urls.ts';
import type { CommonBlock } from '../schema/block-common.ts';
import type { GlobalStyle } from '../schema/global-style.ts';
import { showsOrderValue } from '../tokens/empty-blocks.ts';
import type { TokenValues } from '../tokens/tokens.ts';
import { scannableLink, shortUrl } from './card-link.ts';
import {
  cardBlockBox,
  MARGIN_BY_ALIGN,
  paperSpacerHeight,
  paperSpacing,
  percent,
} from './paper.ts';
import { qrCodeSvg } from './qr-code.ts';

export interface CardContext {
  global: GlobalStyle;
  values: TokenValues;
  /** HTML with this order's values filled in, escaped, and unsafe link and image targets dropped. */
  fill(html: string): string;
  /** The email's render context for a block `contentPx` wide (headings and text reuse it). */
  emailContext(contentPx: number): RenderContext;
}

interface BlockContext extends CardContext {
  /** The block's content width in the 600px email: what designed pixel widths are shares of. */
  contentPx: number;
}

type CardRenderer<B> = (block: B, ctx: BlockContext) => string;
type CardRenderers = { readonly [T in BlockType]: CardRenderer<BlockOfType<T>> };

/** Printed width of the QR code before the page zooms the card: about 3 cm on a 4×6 in card. */
const QR_CODE_PX = 120;

/** How much of the container an image takes: its designed px as a share of the email's room. */
function imageWidthShare(block: BlockOfType<'image'>, contentPx: number): string | null {
  if (block.width === 'full') return '100%';
  const px = typeof block.width === 'number' ? block.width : block.naturalWidth;
  return px === null ? null : percent((100 * px) / contentPx);
}

function buttonAsQrCode(block: BlockOfType<'button'>, ctx: BlockContext): string {
  const link = scannableLink(block.url, ctx.values);
  const fontSize = block.fontSize ?? BUTTON_SIZES[block.size].fontSize;
  const label = ctx.fill(escapeHtml(block.text)).trim();
  // No address to scan, but words of the order's own (a coupon code): the buyer can still read
  // and type them, as the email keeps them.
  if (!link) return showsOrderValue(block.text, ctx.values) ? buttonLabel(block, label, ctx) : '';
  const short = shortUrl(link);
  // The address is built from the filled link and never filled again: a value holding something
  // like a token stays as the buyer's link has it.
  return (
    '<figure data-card-qr style="margin:0">' +
    `<div style="width:${QR_CODE_PX}px;max-width:100%;aspect-ratio:1/1;${MARGIN_BY_ALIGN[block.align]}">` +
    qrCodeSvg(link, `QR code: ${short}`) +
    '</div>' +
    `<figcaption style="margin-top:6px;${textStyle(block, ctx.global)}">` +
    (label ? `<div style="font-size:${fontSize}px;line-height:1.3">${label}</div>` : '') +
    `<div style="font-size:${Math.max(10, Math.round(fontSize * 0.75))}px;line-height:1.3;font-weight:normal;overflow-wrap:anywhere">${escapeHtml(short)}</div>` +
    '</figcaption></figure>'
  );
}

/** The button's words in its own colours, as a label on paper. */
function buttonLabel(block: BlockOfType<'button'>, label: string, ctx: BlockContext): string {
  const fontSize = block.fontSize ?? BUTTON_SIZES[block.size].fontSize;
  const color = hasColor(block.textColor) ? block.textColor : '#ffffff';
  const background = hasColor(block.buttonColor) ? block.buttonColor : 'transparent';
  return (
    `<div data-card-label style="${MARGIN_BY_ALIGN[block.align]};width:fit-content;max-width:100%;` +
    `padding:8px 16px;border-radius:${buttonRadius(block.style)}px;background-color:${background};` +
    // The block's font and weight, in the button's own text colour.
    `${textStyle(block, ctx.global)};color:${color};font-size:${fontSize}px;line-height:1.3;` +
    `overflow-wrap:anywhere">${label}</div>`
  );
}

const cardRenderers: CardRenderers = {
  heading: (block, ctx) =>
    ctx.fill(blockRegistry.heading.renderContent(block, ctx.emailContext(ctx.contentPx))),
  text: (block, ctx) =>
    ctx.fill(blockRegistry.text.renderContent(block, ctx.emailContext(ctx.contentPx))),
  // Imported HTML prints as the email shows it: it holds only the words and pictures of rich text.
  html: (block, ctx) =>
    ctx.fill(blockRegistry.html.renderContent(block, ctx.emailContext(ctx.contentPx))),
  button: buttonAsQrCode,
  image(block, ctx) {
    const src = safeImageUrl(block.src);
    if (!src) return '';
    // A link on paper goes nowhere: the picture alone. Its designed height is dropped too, so a
    // narrower picture keeps its proportions.
    const width = imageWidthShare(block, ctx.contentPx);
    const style = `display:block;${MARGIN_BY_ALIGN[block.align]};border:0;max-width:100%;height:auto${width ? `;width:${width}` : ''}`;
    // A src token the order fills with something unsafe takes the whole <img> with it.
    return ctx.fill(
      `<img src="${escapeHtml(src)}" alt="${escapeHtml(block.alt)}" style="${style}">`,
    );
  },
  divider(block, ctx) {
    const color = hasColor(block.color) ? block.color : ctx.global.textColor;
    return `<hr style="margin:0;border:0;border-top:${block.height}px solid ${color};height:0">`;
  },
  spacer(block) {
    const height = paperSpacerHeight(block.height);
    return height === 0 ? '' : `<div style="height:${height}px"></div>`;
  },
  columns(block, ctx) {
    const total = block.columns.reduce((sum, column) => sum + column.widthPct, 0);
    const halfGutter = paperSpacing(block.gutter) / 2;
    const cells = block.columns.map((column) => {
      // Measured as the email measures a column, so designed widths inside keep their shares.
      const widthPx = Math.floor((ctx.contentPx * column.widthPct) / total);
      const items = renderCardBlocks(column.items, Math.max(1, widthPx - block.gutter), ctx);
      const share = percent((100 * column.widthPct) / total);
      return `<div style="box-sizing:border-box;flex:0 0 ${share};max-width:${share};min-width:0;padding:0 ${halfGutter}px">${items}</div>`;
    });
    return `<div style="display:flex;align-items:flex-start">${cells.join('')}</div>`;
  },
};

function cardRendererOf(type: string): CardRenderer<never> | undefined {
  return (cardRenderers as Record<string, CardRenderer<never> | undefined>)[type];
}

/** The blocks as a card shows them, each in its box, inside a container `containerPx` wide in the email. */
export function renderCardBlocks(
  blocks: readonly CommonBlock[],
  containerPx: number,
  ctx: CardContext,
): string {
  let html = '';
  for (const block of blocks) {
    const render = cardRendererOf(block.type);
    if (!render) continue; // unreachable for a parsed design; tolerated for a hand-built one
    const content = render(block as never, {
      ...ctx,
      contentPx: blockContentPx(block, containerPx),
    });
    if (content !== '') html += cardBlockBox(block, content);
  }
  return html;
}
