// The words a text or heading block shows, without the addresses its links lead to: what decides
// whether the block still says anything once an order's tokens are filled in.
import { richTextPlain } from './rich-text.ts';
import type { OrderContent } from '../blocks/block-definition.ts';

const IMAGE_TAG = /<img\b/i;
const LINK_START_TAG = /<a\b[^>]*>/gi;

/**
 * null when no token decides what the block shows: it has none, or it holds an inline image (a
 * picture is content whatever the tokens hold).
 */
export function visibleRichText(block: { html: string; content: string }): OrderContent | null {
  // Without a token there is nothing an order can empty (and most blocks have none: skip the scan).
  if (!(block.html.trim() ? block.html : block.content).includes('[')) return null;
  if (IMAGE_TAG.test(block.html)) return null;
  // A bare <a> keeps the link's words and drops its target from the plain text.
  return { content: richTextPlain({ ...block, html: block.html.replace(LINK_START_TAG, '<a>') }) };
}
