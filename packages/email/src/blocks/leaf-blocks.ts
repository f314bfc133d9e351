// The block types that may sit inside a column (every type except columns itself).
import { z } from 'zod';
import type { BlockObjectSchema } from './block-definition.ts';
import { buttonBlock } from './button/button-block.ts';
import { dividerBlock } from './divider/divider-block.ts';
import { headingBlock } from './heading/heading-block.ts';
import { htmlBlock } from './html/html-block.ts';
import { imageBlock } from './image/image-block.ts';
import { spacerBlock } from './spacer/spacer-block.ts';
import { textBlock } from './text/text-block.ts';

/** In block-picker order (the HTML block, made only by the importer, is not in the picker). */
export const leafBlockDefinitions = [
  headingBlock,
  textBlock,
  buttonBlock,
  imageBlock,
  dividerBlock,
  spacerBlock,
  htmlBlock,
] as const;

type SchemasOf<T extends readonly { schema: BlockObjectSchema }[]> = {
  -readonly [K in keyof T]: T[K]['schema'];
};

export function schemasOf<const T extends readonly { schema: BlockObjectSchema }[]>(
  definitions: T,
): SchemasOf<T> {
  return definitions.map((definition) => definition.schema) as SchemasOf<T>;
}

export function unknownBlockTypeError(issue: { input?: unknown }): string {
  const input = issue.input as { type?: unknown } | undefined;
  const type = typeof input === 'object' && input !== null ? input.type : undefined;
  return typeof type === 'string'
    ? `Unknown block type "${type.slice(0, 40)}"`
    : 'Expected a block with a type';
}

export const leafBlockSchema = z.discriminatedUnion('type', schemasOf(leafBlockDefinitions), {
  error: unknownBlockTypeError,
});

export type LeafBlock = z.output<typeof leafBlockSchema>;
