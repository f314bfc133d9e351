// The design document: global style plus an ordered list of blocks (spec section 3).
import { z } from 'zod';
import { blockSchema } from '../blocks/registry.ts';
import { designShapeProblem } from './design-shape.ts';
import { formatZodError } from './format-zod-error.ts';
import { globalStyleSchema } from './global-style.ts';
import { MAX_BLOCKS, MAX_DESIGN_BYTES } from './limits.ts';
import { markValidated } from './validated-design.ts';

type BlockTree = { type: string; columns?: readonly { items: readonly unknown[] }[] };

/** Blocks in a design, counting the items inside columns. */
export function countBlocks(blocks: readonly BlockTree[]): number {
  let count = 0;
  for (const block of blocks) {
    count += 1;
    if (block.columns) for (const column of block.columns) count += column.items.length;
  }
  return count;
}

export const designSchema = z
  .object({
    global: globalStyleSchema,
    blocks: z
      .array(blockSchema)
      .max(MAX_BLOCKS, { error: `A design may hold at most ${MAX_BLOCKS} blocks` })
      .default([]),
  })
  .check((ctx) => {
    const count = countBlocks(ctx.value.blocks);
    if (count > MAX_BLOCKS) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value.blocks,
        path: ['blocks'],
        message: `A design may hold at most ${MAX_BLOCKS} blocks (this one has ${count})`,
      });
    }
  });

export type Design = z.output<typeof designSchema>;
export type DesignInput = z.input<typeof designSchema>;

export type ParseDesignResult = { ok: true; design: Design } | { ok: false; error: string };

const encoder = new TextEncoder();

/**
 * Validates an untrusted design (a request body, a stored row): depth and size first, then the schema, which
 * fills defaults for fields an older or partial design lacks. Errors name the bad field's path.
 * The design returned is frozen, and renderEmail trusts it without validating it again: parse a
 * stored template once, then render it for every order. Change it by building a new object.
 */
export function parseDesign(input: unknown): ParseDesignResult {
  const shapeProblem = designShapeProblem(input);
  if (shapeProblem) return { ok: false, error: `design: ${shapeProblem}` };
  const json = JSON.stringify(input ?? null);
  const bytes = encoder.encode(json).length;
  if (bytes > MAX_DESIGN_BYTES) {
    return {
      ok: false,
      error: `design: The design is too large (${bytes} bytes, limit ${MAX_DESIGN_BYTES})`,
    };
  }
  const result = designSchema.safeParse(input);
  return result.success
    ? { ok: true, design: markValidated(result.data) }
    : { ok: false, error: formatZodError(result.error) };
}
