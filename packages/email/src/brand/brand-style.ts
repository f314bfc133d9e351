// Brand → block defaults: the one place that says which style fields of a block follow the seller's
// brand kit, and what they become. A block added in the editor, the starter designs, a new template
// and a restyle of saved templates all dress their blocks through `brandBlock`. A field the seller
// set by hand (named in the block's `ownStyle`) is theirs: the brand never moves it.
import { colorSchema, fontFamilySchema } from '../schema/fields.ts';
import type { BrandStyleField } from '../schema/block-common.ts';
import type { BrandGlobalField, GlobalStyle } from '../schema/global-style.ts';
import type { LeafBlock } from '../blocks/leaf-blocks.ts';
import type { Block } from '../blocks/registry.ts';
import { readableTextOn } from './contrast.ts';

export interface BrandKit {
  logoUrl: string | null;
  primaryColor: string | null;
  backgroundColor: string | null;
  textColor: string | null;
  fontFamily: string | null;
  signOff: string | null;
}

/** The block id of the sign-off text in starter designs (and the one applyBrand appends). */
export const SIGN_OFF_BLOCK_ID = 'sign-off';

// The brand arrives validated from the API, but these functions are public: a value that could not
// be saved (a colour with `;`, a font with `}`) is ignored rather than written into a design.
export function brandColor(value: string | null): string | null {
  return value && /^#[0-9a-fA-F]{6}$/.test(value) && colorSchema.safeParse(value).success
    ? value.toLowerCase()
    : null;
}
export function brandFont(value: string | null): string | null {
  const trimmed = value?.trim();
  return trimmed && fontFamilySchema.safeParse(trimmed).success ? trimmed : null;
}

function sameColor(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Which fields of each block type the brand fills, and so which a seller's edit makes theirs. */
const FOLLOWS_BRAND: Readonly<Record<string, readonly BrandStyleField[]>> = {
  button: ['buttonColor', 'textColor', 'fontFamily'],
  divider: ['color'],
  heading: ['color', 'fontFamily', 'html'],
  text: ['color', 'fontFamily', 'html'],
  image: ['src'],
};

/** True when the seller chose this field of the block by hand. */
export function ownsStyle(
  block: { ownStyle?: readonly string[] },
  field: BrandStyleField,
): boolean {
  return block.ownStyle?.includes(field) ?? false;
}

/**
 * The block after the seller set `fields` by hand: the brand-following ones among them join its
 * `ownStyle`. Words count only on the sign-off (the one text the brand writes). Same object when
 * nothing new is owned.
 */
export function withOwnStyle<B extends { id: string; type: string; ownStyle?: BrandStyleField[] }>(
  block: B,
  fields: readonly string[],
): B {
  const follows = FOLLOWS_BRAND[block.type] ?? [];
  const added = follows.filter(
    (field) =>
      fields.includes(field) &&
      !ownsStyle(block, field) &&
      (field !== 'html' || block.id === SIGN_OFF_BLOCK_ID),
  );
  if (added.length === 0) return block;
  return { ...block, ownStyle: [...(block.ownStyle ?? []), ...added] };
}

/** The design settings after the seller set `fields` by hand; same object when nothing changes. */
export function withOwnGlobalStyle(global: GlobalStyle, fields: readonly string[]): GlobalStyle {
  const brandFields: readonly BrandGlobalField[] = [
    'backdropColor',
    'textColor',
    'fontFamily',
    'canvasBorderColor',
  ];
  const added = brandFields.filter(
    (field) => fields.includes(field) && !(global.ownStyle ?? []).includes(field),
  );
  if (added.length === 0) return global;
  return { ...global, ownStyle: [...(global.ownStyle ?? []), ...added] };
}

/**
 * One block wearing the brand, by the rules every new and restyled block follows. `global` is the
 * design's settings before the brand: words that spelled out its text colour or font follow the
 * brand's, words of their own colour keep it. Fields in `ownStyle` never change. Pure; returns the
 * same object when nothing changes.
 *
 * - Button: its colour is the primary colour, its label white or near-black, whichever reads at
 *   4.5:1 or better; its font follows the design's.
 * - Divider: its line is the primary colour.
 * - Heading and text: the colour and font follow the design's (which the brand sets).
 */
export function brandBlock<B extends LeafBlock>(block: B, brand: BrandKit, global: GlobalStyle): B {
  const primary = brandColor(brand.primaryColor);
  const text = brandColor(brand.textColor);
  const font = brandFont(brand.fontFamily);
  let next: LeafBlock = block;
  if (text && (next.type === 'text' || next.type === 'heading') && !ownsStyle(next, 'color')) {
    if (sameColor(next.color, global.textColor) && next.color !== text)
      next = { ...next, color: text };
  }
  if (
    font &&
    !ownsStyle(next, 'fontFamily') &&
    next.fontFamily !== 'inherit' &&
    next.fontFamily === global.fontFamily
  ) {
    next = { ...next, fontFamily: 'inherit' };
  }
  if (primary && next.type === 'button' && !ownsStyle(next, 'buttonColor')) {
    const label = ownsStyle(next, 'textColor') ? next.textColor : readableTextOn(primary);
    if (next.buttonColor !== primary || next.textColor !== label)
      next = { ...next, buttonColor: primary, textColor: label };
  }
  if (primary && next.type === 'divider' && !ownsStyle(next, 'color') && next.color !== primary) {
    next = { ...next, color: primary };
  }
  return next as B;
}

/**
 * A block about to be added to a design, wearing the brand (a columns block's items too): what the
 * editor's block picker and "Reset to default" insert. Without a brand, the block as it is.
 */
export function brandNewBlock<B extends Block>(
  block: B,
  brand: BrandKit | null | undefined,
  global: GlobalStyle,
): B {
  if (!brand) return block;
  if (block.type !== 'columns') return brandBlock(block as LeafBlock, brand, global) as B;
  const columns = block as Extract<Block, { type: 'columns' }>;
  return {
    ...columns,
    columns: columns.columns.map((column) => ({
      ...column,
      items: column.items.map((item) => brandBlock(item, brand, global)),
    })),
  } as B;
}
