// The block registry: every block type, in picker order. The design's block schema, the render
// dispatch, the picker and the inspector all derive from this one list.
import { z } from 'zod';
import type { BlockDefinition } from './block-definition.ts';
import { columnsBlock } from './columns/columns-block.ts';
import { leafBlockDefinitions, schemasOf, unknownBlockTypeError } from './leaf-blocks.ts';

const blockDefinitions = [...leafBlockDefinitions, columnsBlock] as const;

export const blockSchema = z.discriminatedUnion('type', schemasOf(blockDefinitions), {
  error: unknownBlockTypeError,
});

export type Block = z.output<typeof blockSchema>;
export type BlockInput = z.input<typeof blockSchema>;
export type BlockType = Block['type'];
export type BlockOfType<T extends BlockType> = Extract<Block, { type: T }>;

type Registry = {
  readonly [T in BlockType]: Extract<(typeof blockDefinitions)[number], { type: T }>;
};

export const blockRegistry: Registry = Object.freeze(
  Object.fromEntries(
    blockDefinitions.map((definition) => [definition.type, definition]),
  ) as Registry,
);

/**
 * Block types in picker order: Heading, Text, Button, Image, Divider, Spacer, Columns. The locked
 * HTML block is not among them: it only comes from importing an HTML email.
 */
export const blockTypes: readonly BlockType[] = blockDefinitions
  .filter((definition: BlockDefinition) => definition.inPicker !== false)
  .map((definition) => definition.type);

/** A definition seen through the common interface, for dispatch over any block. */
export function definitionOf(type: string): BlockDefinition | undefined {
  return (blockRegistry as Record<string, BlockDefinition | undefined>)[type];
}

/** A new block of `type` with every default filled; pass `id` to keep it ("Reset to default"). */
export function createBlock<T extends BlockType>(type: T, id?: string): BlockOfType<T> {
  return blockRegistry[type].createDefault(id) as BlockOfType<T>;
}
