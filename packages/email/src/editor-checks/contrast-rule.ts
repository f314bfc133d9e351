// Words that do not stand out from what is behind them, in light mode and in dark mode: WCAG's
// 4.5:1 for normal text (MIN_TEXT_CONTRAST, the footer's own rule), checked on each block's words,
// each colour the seller gave part of them, its links, and a button's label on its colour.
import { contrastRatio, MIN_TEXT_CONTRAST, opaqueHex } from '../brand/contrast.ts';
import { hasColor, textColor } from '../render/block-style.ts';
import type { Design } from '../schema/design.ts';
import type { EditorCheckItem } from './check-items.ts';
import { darkModeColor } from './dark-mode.ts';
import type { NamedLeaf } from './block-names.ts';

const STYLE_ATTRIBUTE = /\sstyle="([^"]*)"/gi;
/** `color:` but not `background-color:`. */
const COLOR_DECLARATION = /(?:^|;)\s*color\s*:\s*([^;]+)/gi;

/** What shows behind a block's words: its own colour, its columns block's, the canvas, the page. */
export function backgroundBehind(leaf: NamedLeaf, global: Design['global']): string {
  for (const color of [
    leaf.block.background,
    leaf.parent?.background ?? '',
    global.canvasColor,
    global.backdropColor,
  ]) {
    if (hasColor(color)) {
      const hex = opaqueHex(color);
      if (hex) return hex;
    }
  }
  return '#ffffff';
}

/** The colours of a block's words: its text colour and any the seller set inside its rich text. */
function wordColors(leaf: NamedLeaf, global: Design['global']): string[] {
  const block = leaf.block;
  if (block.type === 'button') return [hasColor(block.textColor) ? block.textColor : '#ffffff'];
  if (block.type !== 'heading' && block.type !== 'text') return [];
  const colors = [textColor(block, global)];
  for (const [, style = ''] of block.html.matchAll(STYLE_ATTRIBUTE)) {
    for (const [, color = ''] of style.matchAll(COLOR_DECLARATION)) colors.push(color.trim());
  }
  return colors;
}

function ratioText(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}

/** The weakest of a block's word colours against its background, in light and in dark mode. */
export function weakestContrast(
  leaf: NamedLeaf,
  global: Design['global'],
): { light: number; dark: number } | null {
  const block = leaf.block;
  const background =
    block.type === 'button' && hasColor(block.buttonColor)
      ? (opaqueHex(block.buttonColor) ?? backgroundBehind(leaf, global))
      : backgroundBehind(leaf, global);
  const colors = wordColors(leaf, global)
    .map((color) => opaqueHex(color))
    .filter((hex): hex is string => hex !== null);
  if (colors.length === 0) return null;
  let light = Infinity;
  let dark = Infinity;
  for (const color of colors) {
    light = Math.min(light, contrastRatio(color, background));
    dark = Math.min(dark, contrastRatio(darkModeColor(color), darkModeColor(background)));
  }
  return { light, dark };
}

export function contrastItems(
  leaves: readonly NamedLeaf[],
  global: Design['global'],
): EditorCheckItem[] {
  const items: EditorCheckItem[] = [];
  for (const leaf of leaves) {
    const ratios = weakestContrast(leaf, global);
    if (!ratios) continue;
    const modes = [
      ratios.light < MIN_TEXT_CONTRAST ? `${ratioText(ratios.light)} in light mode` : null,
      ratios.dark < MIN_TEXT_CONTRAST ? `${ratioText(ratios.dark)} in dark mode` : null,
    ].filter((mode): mode is string => mode !== null);
    if (modes.length === 0) continue;
    const isButton = leaf.block.type === 'button';
    items.push({
      key: `contrast:${leaf.block.id}`,
      rule: 'contrast',
      level: 'warn',
      target: { kind: 'block', blockId: leaf.block.id, name: leaf.name },
      problem: `${isButton ? 'The label stands out from the button' : 'The words stand out from the background'} only ${modes.join(' and ')}; text needs 4.5:1 to be read easily.`,
      fix: isButton
        ? 'Choose a darker or lighter button colour, or a label colour further from it, in the block’s settings.'
        : 'Choose a text colour further from the background (darker on light, lighter on dark) in the block’s settings or the text’s colour.',
    });
  }
  return items;
}
