// The card's own words: what only an email reader could do ("just reply to this email") is left
// off, and a card always ends with a sign-off, as a handwritten one would.
import { SIGN_OFF_BLOCK_ID, signOffHtml } from '../brand/apply-brand.ts';
import { textBlockSchema } from '../blocks/text/text-block.ts';
import { cardPlainWords, cardRichWords } from '../channels/channel-words.ts';
import type { Design } from '../schema/design.ts';

type Block = Design['blocks'][number];
type LeafBlock = Exclude<Block, { type: 'columns' }>;

/** A card's closing lines when the design has none and the seller's brand gives none. */
export const CARD_SIGN_OFF = 'With thanks,\n[shop-name]';

function cardLeaf(block: LeafBlock): LeafBlock | null {
  if (block.type !== 'text' && block.type !== 'heading') return block;
  if (block.html.trim()) {
    const html = cardRichWords(block.html);
    if (html === block.html) return block;
    return html.replace(/<[^>]*>/g, '').trim() ? { ...block, html } : null;
  }
  const content = cardPlainWords(block.content);
  if (content === block.content) return block;
  return content ? { ...block, content } : null;
}

function hasSignOff(blocks: readonly Block[]): boolean {
  return blocks.some(
    (block) =>
      block.id === SIGN_OFF_BLOCK_ID ||
      (block.type === 'columns' &&
        block.columns.some((column) => column.items.some((i) => i.id === SIGN_OFF_BLOCK_ID))),
  );
}

/**
 * The design as a card says it (see above). `signOff` (plain lines) closes a card whose design
 * has no sign-off block; without it, none is added.
 */
export function withCardWording(design: Design, signOff?: string): Design {
  const blocks: Block[] = [];
  for (const block of design.blocks) {
    if (block.type === 'columns') {
      const columns = block.columns.map((column) => ({
        ...column,
        items: column.items
          .map((item) => cardLeaf(item as LeafBlock))
          .filter((item) => item !== null),
      }));
      if (columns.some((column) => column.items.length > 0))
        blocks.push({ ...block, columns } as Block);
      continue;
    }
    const kept = cardLeaf(block as LeafBlock);
    if (kept) blocks.push(kept as Block);
  }
  if (signOff?.trim() && !hasSignOff(blocks)) {
    const words = blocks.findLast((block) => block.type === 'text' || block.type === 'heading');
    blocks.push(
      textBlockSchema.parse({
        id: SIGN_OFF_BLOCK_ID,
        type: 'text',
        content: '',
        html: signOffHtml(signOff),
        align: words?.align ?? 'left',
        padding: {
          top: 8,
          right: words?.padding.right ?? 24,
          bottom: 32,
          left: words?.padding.left ?? 24,
        },
      }) as Block,
    );
  }
  return { ...design, blocks };
}
