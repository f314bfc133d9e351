// A button or linked picture whose link goes nowhere: the buyer taps and nothing happens (a button
// with no address renders as "#"). Named for the seller when the template is saved, in the words of
// the editor, with the one fix that is nearly always right: the shop's own web address.
import { mapLeaves } from '../schema/map-leaves.ts';
import type { Design } from '../schema/design.ts';
import { safeLinkUrl } from '../render/urls.ts';

export interface DeadLinkWarning {
  blockId: string;
  message: string;
  /** One click puts this address into the block. */
  fix: { label: string; url: string };
}

/** The token every shop fills: each one has a web address from the day it is connected. */
export const SHOP_ADDRESS_FIX = { label: 'Use the shop’s web address', url: '[shop-url]' } as const;

type Block = Design['blocks'][number];
type LeafBlock = Exclude<Block, { type: 'columns' }>;

const leadsNowhere = (url: string): boolean => {
  const safe = safeLinkUrl(url);
  return safe === '' || safe === '#';
};

function quoted(words: string): string {
  const trimmed = words.trim().replace(/\s+/g, ' ');
  return trimmed.length > 40 ? `“${trimmed.slice(0, 39)}…”` : `“${trimmed}”`;
}

function warningFor(block: LeafBlock): DeadLinkWarning | null {
  if (block.type === 'button' && leadsNowhere(block.url)) {
    const name = block.text.trim() ? `The button ${quoted(block.text)}` : 'A button';
    return {
      blockId: block.id,
      message: `${name} has no web address, so it would lead nowhere. Add one, or use your shop’s.`,
      fix: SHOP_ADDRESS_FIX,
    };
  }
  // A picture without a link is fine; one whose link was typed but is no web address is not.
  if (block.type === 'image' && block.href.trim() !== '' && leadsNowhere(block.href)) {
    return {
      blockId: block.id,
      message:
        'A picture links to something that is not a web address, so tapping it would do nothing. Change the link, or use your shop’s web address.',
      fix: SHOP_ADDRESS_FIX,
    };
  }
  return null;
}

/** Every block of the design (columns included) whose link would lead the buyer nowhere. */
export function findDeadLinks(design: Design): DeadLinkWarning[] {
  const found: DeadLinkWarning[] = [];
  const check = (block: LeafBlock) => {
    const warning = warningFor(block);
    if (warning) found.push(warning);
  };
  for (const block of design.blocks) {
    if (block.type === 'columns') {
      for (const column of block.columns) for (const item of column.items) check(item as LeafBlock);
    } else check(block);
  }
  return found;
}

/** The design with one block's link set to `url` (the one-click fix). */
export function withBlockLink(design: Design, blockId: string, url: string): Design {
  const change = (block: LeafBlock): LeafBlock => {
    if (block.id !== blockId) return block;
    if (block.type === 'button') return { ...block, url };
    if (block.type === 'image') return { ...block, href: url };
    return block;
  };
  return { ...design, blocks: mapLeaves(design.blocks, change) };
}
