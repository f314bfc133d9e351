// Style pieces every block uses: the box around a block and the text style of its content.
import { clampRenderedWidth } from '../clamp.ts';
import type { CommonBlock } from '../schema/block-common.ts';
import type { GlobalStyle } from '../schema/global-style.ts';
import { toFontStack } from './fonts.ts';
import { boxLengths } from './html.ts';
import { presentationTable } from './layout.ts';

export function hasColor(color: string): boolean {
  return color !== '' && color !== 'transparent';
}

/** The colour of a block's words: its own, or the design's text colour. */
export function textColor(block: CommonBlock, global: GlobalStyle): string {
  return hasColor(block.color) ? block.color : global.textColor;
}

/**
 * Colour, font and weight set on the content element itself: Outlook does not inherit fonts into
 * nested tables and paints headings in its own theme colour unless told otherwise.
 */
export function textStyle(block: CommonBlock, global: GlobalStyle): string {
  const color = textColor(block, global);
  const family = block.fontFamily === 'inherit' ? global.fontFamily : block.fontFamily;
  return `color:${color};font-family:${toFontStack(family)};font-weight:${block.fontWeight}`;
}

/** The content width in px of a block placed in a container `containerPx` wide. */
export function blockContentPx(block: CommonBlock, containerPx: number): number {
  const boxPx = Math.floor((containerPx * clampRenderedWidth(block.widthPct)) / 100);
  return Math.max(1, boxPx - block.padding.left - block.padding.right);
}

/** One table row holding the block's box: its width, padding, background, radii and alignment. */
export function blockRow(block: CommonBlock, contentHtml: string): string {
  const { padding, radii, align } = block;
  let cellStyle = `padding:${boxLengths(padding.top, padding.right, padding.bottom, padding.left)}`;
  if (hasColor(block.background)) cellStyle += `;background-color:${block.background}`;
  if (radii.topLeft || radii.topRight || radii.bottomRight || radii.bottomLeft) {
    cellStyle += `;border-radius:${boxLengths(radii.topLeft, radii.topRight, radii.bottomRight, radii.bottomLeft)}`;
  }
  cellStyle += `;text-align:${align}`;
  const widthPct = clampRenderedWidth(block.widthPct);
  if (widthPct === 100)
    return `<tr><td align="${align}" style="${cellStyle}">${contentHtml}</td></tr>`;
  // A narrower block is a percentage-width table; the cell's align places it (Outlook included).
  const margin =
    align === 'center' ? 'margin:0 auto' : align === 'right' ? 'margin:0 0 0 auto' : 'margin:0';
  const box = presentationTable(
    `<tr><td style="${cellStyle}">${contentHtml}</td></tr>`,
    `width="${widthPct}%"`,
    `width:${widthPct}%;${margin}`,
  );
  return `<tr><td align="${align}">${box}</td></tr>`;
}
