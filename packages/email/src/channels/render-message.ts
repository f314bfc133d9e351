// The thank-you as a marketplace message: plain prose the seller pastes into the marketplace's own
// conversation with the buyer. Not the email's text part: no pictures (nor their alt text), no
// dividers, no email-only phrases, links only where the marketplace allows them, and the buyer's
// order on the marketplace at the end.
import { htmlToText } from '../render/rich-text.ts';
import { isWebUrl } from '../render/urls.ts';
import type { CommonBlock } from '../schema/block-common.ts';
import { designSchema, type Design, type DesignInput } from '../schema/design.ts';
import { isValidatedDesign } from '../schema/validated-design.ts';
import { showsOrderValue, withoutEmptyTokenBlocks } from '../tokens/empty-blocks.ts';
import { fillTokens, type TokenValues } from '../tokens/tokens.ts';
import { messageWords } from './channel-words.ts';

export interface MessageOptions {
  /** Whether the marketplace lets a message carry this link (Etsy: only its own pages). */
  linkAllowed(url: string): boolean;
  /** The buyer's page for this order on the marketplace, added at the end; null when there is none. */
  orderUrl: string | null;
  /** The line that introduces the order link. */
  orderLinkLabel?: string;
}

type Leaf = Exclude<Design['blocks'][number], { type: 'columns' }>;

const LINK_TAG = /<a\b[^>]*>/gi;
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"')]+/gi;

function leaves(blocks: readonly Design['blocks'][number][]): Leaf[] {
  return blocks.flatMap((block) =>
    block.type === 'columns'
      ? block.columns.flatMap((column) => column.items as Leaf[])
      : [block as Leaf],
  );
}

/** Drops every address the marketplace would refuse from the words, and the space it leaves. */
function withoutForbiddenLinks(text: string, options: MessageOptions): string {
  return text
    .replace(WEB_ADDRESS, (url) => (options.linkAllowed(url) ? url : ''))
    .replace(/[ \t]*\(\s*\)/g, '')
    .replace(/[ \t]*:[ \t]*$/gm, (colon, offset: number, whole: string) =>
      // "Visit us: " with its address gone ends the line; keep a colon that ends a real sentence.
      whole.slice(0, offset).trim() ? '.' : colon,
    )
    .replace(/[ \t]{2,}/g, ' ');
}

function blockWords(block: Leaf, values: TokenValues, options: MessageOptions): string {
  const fill = (text: string) => fillTokens(text, values, { escape: 'none' });
  switch (block.type) {
    case 'heading':
    case 'text':
    case 'html': {
      // The words of each link, without the address behind it: links are judged on their own.
      const plain = block.html.trim()
        ? htmlToText(block.html.replace(LINK_TAG, '<a>'))
        : block.type === 'html'
          ? ''
          : block.content.trim();
      return withoutForbiddenLinks(fill(plain), options);
    }
    case 'button': {
      const url = fill(block.url).trim();
      const words = fill(block.text).trim();
      if (!words) return '';
      if (isWebUrl(url) && options.linkAllowed(url)) return `${words}: ${url}`;
      // A button is an invitation to follow its link: without the link, its words say nothing,
      // unless they carry the order's own value (a coupon code the buyer can type).
      return showsOrderValue(block.text, values) ? words : '';
    }
    default:
      // Pictures, dividers and spacers are for the eye: a message has none of them.
      return '';
  }
}

/** The thank-you as plain text for the marketplace's messages, filled from the order. */
export function renderMessageForOrder(
  input: DesignInput,
  values: TokenValues,
  options: MessageOptions,
): string {
  const design = isValidatedDesign(input) ? input : designSchema.parse(input);
  const shown = withoutEmptyTokenBlocks(design, values);
  const paragraphs = leaves(shown.blocks)
    .filter((block) => !(block as CommonBlock).hideInMessage)
    .map((block) => messageWords(blockWords(block, values, options)))
    .filter((text) => text !== '');
  if (options.orderUrl && isWebUrl(options.orderUrl) && options.linkAllowed(options.orderUrl)) {
    paragraphs.push(`${options.orderLinkLabel ?? 'Your order'}: ${options.orderUrl}`);
  }
  return paragraphs.join('\n\n');
}
