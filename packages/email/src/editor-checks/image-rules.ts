// Pictures: a description (alt text) for buyers whose mail app hides them, as the server's
// deliverability check asks (designImages); and pictures heavier than they need to be, from what
// the media library knows of an uploaded image (its stored bytes and size in px).
import { CANVAS_WIDTH_PX } from '../render/dimensions.ts';
import { blockContentPx } from '../render/block-style.ts';
import { designImages } from '../deliverability/design-content.ts';
import type { Design } from '../schema/design.ts';
import type { NamedLeaf } from './block-names.ts';
import type { EditorCheckItem } from './check-items.ts';

/** What the media library knows of an uploaded image. */
export interface ImageFacts {
  bytes: number;
  width: number;
  height: number;
}
export type ImageFactsLookup = (src: string) => ImageFacts | undefined;

/** Heavier than this, a picture keeps a buyer on a phone connection waiting. */
export const IMAGE_HEAVY_BYTES = 300 * 1024;
/** Sharp on screens of 2x density needs twice the shown width; past 3x the rest is wasted bytes. */
export const IMAGE_OVERSIZE_FACTOR = 3;

const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

export function altTextItems(
  design: Design,
  names: ReadonlyMap<string, string>,
): EditorCheckItem[] {
  return designImages(design)
    .filter((image) => !image.alt.trim())
    .map((image) => ({
      key: `alt-text:${image.blockId}`,
      rule: 'alt-text' as const,
      level: 'warn' as const,
      target: {
        kind: 'block' as const,
        blockId: image.blockId,
        name: names.get(image.blockId) ?? 'Image',
      },
      problem:
        'This picture has no description, so buyers whose mail app hides pictures (and spam filters) cannot tell what it shows.',
      fix: 'Type what it shows in Alt text in the image’s settings.',
    }));
}

/** How wide a picture block shows on a computer, in px. */
export function shownWidthPx(leaf: NamedLeaf, design: Design): number {
  const contentPx = CANVAS_WIDTH_PX - (design.global.canvasBorderSwitch ? 2 : 0);
  let containerPx = contentPx;
  if (leaf.parent) {
    const parent = leaf.parent;
    const total = parent.columns.reduce((sum, column) => sum + column.widthPct, 0);
    const column = parent.columns.find((c) => c.items.some((item) => item.id === leaf.block.id));
    const rowPx = blockContentPx(parent, contentPx);
    containerPx = Math.max(
      1,
      Math.floor((rowPx * (column?.widthPct ?? 100)) / total) - parent.gutter,
    );
  }
  const roomPx = blockContentPx(leaf.block, containerPx);
  const block = leaf.block;
  if (block.type !== 'image') return roomPx;
  if (typeof block.width === 'number') return Math.min(block.width, roomPx);
  return roomPx;
}

export function imageWeightItems(
  leaves: readonly NamedLeaf[],
  design: Design,
  lookup: ImageFactsLookup,
): EditorCheckItem[] {
  const items: EditorCheckItem[] = [];
  for (const leaf of leaves) {
    const block = leaf.block;
    if (block.type !== 'image' || !block.src.trim()) continue;
    const facts = lookup(block.src.trim());
    if (!facts) continue;
    const shown =
      block.width === 'auto'
        ? Math.min(facts.width, shownWidthPx(leaf, design))
        : shownWidthPx(leaf, design);
    const oversized = facts.width > shown * IMAGE_OVERSIZE_FACTOR;
    const heavy = facts.bytes > IMAGE_HEAVY_BYTES;
    if (!oversized && !heavy) continue;
    const problem = oversized
      ? `This picture is ${facts.width}×${facts.height} px (${kb(facts.bytes)}) but shows ${shown} px wide, so buyers download far more than they see.`
      : `This picture is ${kb(facts.bytes)}, slow to load for buyers on a phone connection.`;
    items.push({
      key: `image-weight:${block.id}`,
      rule: 'image-weight',
      level: 'warn',
      target: { kind: 'block', blockId: block.id, name: leaf.name },
      problem,
      fix: oversized
        ? `Upload a version about ${shown * 2} px wide (twice the width shown keeps it sharp).`
        : 'Upload a smaller file: a JPEG for photos, or fewer px; under 300 KB loads quickly.',
    });
  }
  return items;
}
