// How an email's measures shrink onto a card a few inches wide. The page zooms the whole card to
// fit its paper, so font sizes stay as designed; only the air between things is cut down.
import { clampRenderedWidth } from '../clamp.ts';
import type { CommonBlock } from '../schema/block-common.ts';
import { hasColor } from '../render/block-style.ts';
import { boxLengths } from '../render/html.ts';

/** Padding and gutters on paper, as a share of the email's. */
const PAPER_SPACING_SHARE = 0.5;
/** A spacer on paper: half its email height, and never a band across a small card. */
const MAX_SPACER_PX = 48;

export const MARGIN_BY_ALIGN = {
  left: 'margin:0',
  center: 'margin:0 auto',
  right: 'margin:0 0 0 auto',
} as const;

export function paperSpacing(px: number): number {
  return Math.round(px * PAPER_SPACING_SHARE);
}

export function paperSpacerHeight(px: number): number {
  return Math.min(MAX_SPACER_PX, paperSpacing(px));
}

/** A percentage for a style attribute: at most four decimals, no float noise. */
export function percent(value: number): string {
  return `${Math.round(Math.min(100, Math.max(0, value)) * 10_000) / 10_000}%`;
}

/**
 * The block's box on paper: its width share, background, corners and alignment as designed, its
 * padding halved. `data-block-type` lets the page find a kind of block (to measure, or to test).
 */
export function cardBlockBox(block: CommonBlock, contentHtml: string): string {
  const { padding, radii, align } = block;
  let style = `box-sizing:border-box;padding:${boxLengths(
    paperSpacing(padding.top),
    paperSpacing(padding.right),
    paperSpacing(padding.bottom),
    paperSpacing(padding.left),
  )}`;
  if (hasColor(block.background)) style += `;background-color:${block.background}`;
  if (radii.topLeft || radii.topRight || radii.bottomRight || radii.bottomLeft) {
    style += `;border-radius:${boxLengths(radii.topLeft, radii.topRight, radii.bottomRight, radii.bottomLeft)}`;
  }
  style += `;text-align:${align}`;
  const widthPct = clampRenderedWidth(block.widthPct);
  if (widthPct < 100) style += `;width:${percent(widthPct)};${MARGIN_BY_ALIGN[align]}`;
  return `<div data-block-type="${block.type}" style="${style}">${contentHtml}</div>`;
}
