// The server calls this when a template is saved; rendering trusts the stored design and does not
// sanitise again, which keeps the send-time render fast.
import type { SanitizeContext } from '../blocks/block-definition.ts';
import { definitionOf } from '../blocks/registry.ts';
import type { CommonBlock } from '../schema/block-common.ts';
import type { Design } from '../schema/design.ts';
import { sanitizeRichText } from './sanitize-rich-text.ts';

const context: SanitizeContext = {
  sanitizeRichText,
  sanitizeBlocks,
};

function sanitizeBlocks<T extends CommonBlock>(blocks: readonly T[]): T[] {
  return blocks.map((block) => {
    const sanitize = definitionOf(block.type)?.sanitize;
    return sanitize ? (sanitize(block as never, context) as T) : block;
  });
}

/** The design with every rich-text `html` field passed through sanitizeRichText. */
export function sanitizeDesign(design: Design): Design {
  return { ...design, blocks: sanitizeBlocks(design.blocks) };
}
