// What one block type is: its schema (with defaults), how it renders to email HTML and to plain
// text, and how its rich text is sanitised. The registry derives everything else from these.
import type { z } from 'zod';
import type { CommonBlock } from '../schema/block-common.ts';
import type { GlobalStyle } from '../schema/global-style.ts';
import { createBlockId } from './block-id.ts';

export interface RenderContext {
  global: GlobalStyle;
  /** Width in px of the block's content area (its box minus padding), for Outlook and image sizes. */
  contentPx: number;
  /** Renders nested blocks (the items of a column) as table rows inside `containerPx`. */
  renderRows(blocks: readonly CommonBlock[], containerPx: number): string;
  /** Class that gives a column its percentage width on screens wide enough for side-by-side columns. */
  columnWidthClass(widthPct: number): string;
}

export interface TextContext {
  /** Plain text of nested blocks, one paragraph each. */
  textOf(blocks: readonly CommonBlock[]): string[];
}

/**
 * What a block shows a buyer, for leaving it out of an order's email when tokens the order cannot
 * fill are all it shows: `content` is what the buyer reads, `link` where it leads (a button's).
 */
export interface OrderContent {
  content: string;
  link?: string;
  /** The block without its link: what is shown when the link is only tokens the order leaves empty. */
  unlinked?: CommonBlock;
}

export interface SanitizeContext {
  sanitizeRichText(html: string): string;
  sanitizeBlocks<T extends CommonBlock>(blocks: readonly T[]): T[];
}

// The registry needs each schema's concrete object type for z.discriminatedUnion.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type BlockObjectSchema = z.ZodObject<{ type: z.ZodLiteral<string> } & Record<string, any>>;

export interface BlockDefinition<S extends BlockObjectSchema = BlockObjectSchema> {
  readonly type: z.output<S>['type'];
  /** Name in the editor's block picker (and on the canvas and inspector). */
  readonly label: string;
  /** false for a block only the HTML importer makes (the locked HTML block); default true. */
  readonly inPicker?: boolean;
  readonly schema: S;
  /** A fresh block of this type with every default filled; keeps `id` for "Reset to default". */
  createDefault(id?: string): z.output<S>;
  /** The block's inner HTML; the renderer wraps it in the common block box. '' renders nothing. */
  renderContent(block: z.output<S>, ctx: RenderContext): string;
  renderText(block: z.output<S>, ctx: TextContext): string;
  /**
   * Present for blocks that are pointless without their words (text, heading, button); null when
   * the block shows something no token decides (an inline image).
   */
  orderContent?(block: z.output<S>): OrderContent | null;
  /** Present when the block holds rich text (or nested blocks that may). */
  sanitize?(block: z.output<S>, ctx: SanitizeContext): z.output<S>;
}

export function defineBlock<S extends BlockObjectSchema>(
  definition: Omit<BlockDefinition<S>, 'createDefault'> &
    Partial<Pick<BlockDefinition<S>, 'createDefault'>>,
): BlockDefinition<S> {
  const { schema, type } = definition;
  return {
    createDefault: (id = createBlockId()) => schema.parse({ id, type }),
    ...definition,
  };
}
