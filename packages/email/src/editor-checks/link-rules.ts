// Link and picture addresses that take their value from a token: empty for an order without that
// value (the link leads nowhere, the picture is missing), or unsafe (a fallback that is no web
// address, a token whose value is never one). Also buttons and linked pictures that lead nowhere,
// in the words of the save check (findDeadLinks).
import { browserUrl, decodeAttribute } from '../render/url-attributes.ts';
import { isSafeTargetFallback } from '../tokens/fallback-rules.ts';
import { findDeadLinks } from '../tokens/dead-links.ts';
import { TOKENS, findTokens } from '../tokens/tokens.ts';
import type { Design } from '../schema/design.ts';
import type { NamedLeaf } from './block-names.ts';
import type { EditorCheckItem } from './check-items.ts';

interface Address {
  target: 'link' | 'image';
  value: string;
  /**
   * A button's or picture's own link: an order that leaves its token empty gets the block without
   * it (empty-blocks.ts), so only a token that is never an address is a problem there.
   */
  leftOutWhenEmpty?: boolean;
}

const ADDRESS_ATTRIBUTE = /<(a|img)\b[^>]*?\s(href|src)="([^"]*)"/gi;

/** Every link and picture address a block holds, its rich text's included. */
function addressesOf(leaf: NamedLeaf): Address[] {
  const block = leaf.block;
  if (block.type === 'button')
    return [{ target: 'link', value: block.url, leftOutWhenEmpty: true }];
  if (block.type === 'image') {
    return [
      { target: 'image', value: block.src },
      { target: 'link', value: block.href, leftOutWhenEmpty: true },
    ];
  }
  if (block.type === 'heading' || block.type === 'text') {
    return [...block.html.matchAll(ADDRESS_ATTRIBUTE)].map(([, tag = '', , value = '']) => ({
      target: tag.toLowerCase() === 'a' ? 'link' : 'image',
      value: decodeAttribute(value),
    }));
  }
  return [];
}

type Finding = Pick<EditorCheckItem, 'level' | 'problem' | 'fix'>;

const WHAT = { link: 'a link', image: 'a picture' } as const;

/** What is wrong with one address's tokens, or null. Tokens after a literal https:// only fill a path. */
export function addressTokenFinding(address: Address): Finding | null {
  const value = browserUrl(address.value);
  const tokenAt = value.indexOf('[');
  if (tokenAt === -1) return null;
  const head = value.slice(0, tokenAt);
  const fixedScheme = /^(https?:|mailto:|tel:)/i.test(head);
  for (const { name, fallback } of findTokens(value)) {
    const written = fallback === undefined ? `[${name}]` : `[${name}|${fallback}]`;
    if (fallback !== undefined && !isSafeTargetFallback(address.target, fallback)) {
      return {
        level: 'fail',
        problem: `The fallback of ${written} in ${WHAT[address.target]}’s address is not a web address, so it is not safe to open.`,
        fix: `Make the words after the bar a full address starting with https://, as in [${name}|https://yourshop.example].`,
      };
    }
    if (fixedScheme) continue;
    if (!TOKENS[name].isUrl) {
      return {
        level: 'fail',
        problem: `${WHAT[address.target].replace(/^a/, 'A')}’s address starts with ${written}, which is never a web address, so buyers get ${address.target === 'link' ? 'a link that leads nowhere' : 'no picture'}.`,
        fix: 'Start the address with https:// (or use [shop-url] or [review-link] for a whole address).',
      };
    }
    if (fallback === undefined && !address.leftOutWhenEmpty) {
      return {
        level: 'warn',
        problem: `${WHAT[address.target].replace(/^a/, 'A')}’s address is ${written}, which is empty for an order without it, and then ${address.target === 'link' ? 'the link leads nowhere' : 'the picture is missing'}.`,
        fix: `Add a fallback address after a bar, as in [${name}|https://yourshop.example].`,
      };
    }
  }
  return null;
}

export function linkTokenItems(leaves: readonly NamedLeaf[]): EditorCheckItem[] {
  const items: EditorCheckItem[] = [];
  for (const leaf of leaves) {
    const finding = addressesOf(leaf)
      .map(addressTokenFinding)
      .find((found) => found !== null);
    if (!finding) continue;
    items.push({
      key: `link-token:${leaf.block.id}`,
      rule: 'link-token',
      target: { kind: 'block', blockId: leaf.block.id, name: leaf.name },
      ...finding,
    });
  }
  return items;
}

export function deadLinkItems(
  design: Design,
  names: ReadonlyMap<string, string>,
): EditorCheckItem[] {
  return findDeadLinks(design).map((warning) => ({
    key: `dead-link:${warning.blockId}`,
    rule: 'dead-link',
    level: 'fail',
    target: {
      kind: 'block',
      blockId: warning.blockId,
      name: names.get(warning.blockId) ?? 'Block',
    },
    // The save check's sentence ends with its own advice; the panel gives the fix on its own line.
    problem: warning.message.replace(/\s*(Add one|Change the link).*$/, ''),
    fix: `Type the web address in the block’s Link field, or use your shop’s: ${warning.fix.url}.`,
  }));
}
