import { z } from 'zod';
import { MAX_COLUMNS, MIN_COLUMNS, redistributeColumns } from '../../clamp.ts';
import { commonBlockFields } from '../../schema/block-common.ts';
import { blockIdSchema, numberInRange } from '../../schema/fields.ts';
import { DESIGN_RANGES } from '../../schema/ranges.ts';
import { MAX_BLOCKS } from '../../schema/limits.ts';
import { presentationTable, stackingColumns } from '../../render/layout.ts';
import { createBlockId } from '../block-id.ts';
import { defineBlock } from '../block-definition.ts';
import { leafBlockSchema } from '../leaf-blocks.ts';

/** Column widths may be fractional (e.g. 33.33) in old designs; they must total 100 within this. */
const TOTAL_TOLERANCE_PCT = 0.5;

export const columnSchema = z.object({
  id: blockIdSchema,
  widthPct: numberInRange(DESIGN_RANGES.columnWidth),
  items: z
    .array(leafBlockSchema)
    .max(MAX_BLOCKS, { error: `At most ${MAX_BLOCKS} blocks` })
    .default([]),
});

export type Column = z.output<typeof columnSchema>;

function createColumns(blockId: string, count: number): Column[] {
  return redistributeColumns(count).map((widthPct, index) => ({
    id: `${blockId}-col${index + 1}`,
    widthPct,
    items: [],
  }));
}

export const columnsBlockSchema = z
  .object({
    ...commonBlockFields('columns'),
    gutter: numberInRange(DESIGN_RANGES.columnGap, { integer: true }).default(12),
    columns: z
      .array(columnSchema)
      .min(MIN_COLUMNS, { error: `At least ${MIN_COLUMNS} column` })
      .max(MAX_COLUMNS, { error: `At most ${MAX_COLUMNS} columns` })
      .default(() => createColumns('col', 2)),
  })
  .check((ctx) => {
    const total = ctx.value.columns.reduce((sum, column) => sum + column.widthPct, 0);
    if (Math.abs(total - 100) > TOTAL_TOLERANCE_PCT) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value.columns,
        path: ['columns'],
        message: `Column widths must total 100 (they total ${Math.round(total * 100) / 100})`,
      });
    }
  });

export const columnsBlock = defineBlock({
  type: 'columns',
  label: 'Columns',
  schema: columnsBlockSchema,
  createDefault(id = createBlockId()) {
    return columnsBlockSchema.parse({ id, type: 'columns', columns: createColumns(id, 2) });
  },
  renderContent(block, ctx) {
    const total = block.columns.reduce((sum, column) => sum + column.widthPct, 0);
    const halfGutter = block.gutter / 2;
    const columns = block.columns.map((column) => {
      // Floor so the columns' sum never exceeds the row and wraps on a desktop screen.
      const widthPx = Math.floor((ctx.contentPx * column.widthPct) / total);
      const innerPx = Math.max(1, widthPx - block.gutter);
      const rows = ctx.renderRows(column.items, innerPx);
      const cell = `<tr><td style="padding:0 ${halfGutter}px">${rows ? presentationTable(rows, 'width="100%"', 'width:100%') : ''}</td></tr>`;
      const widthPct = (100 * column.widthPct) / total;
      return {
        widthPx,
        widthPct,
        widthClass: ctx.columnWidthClass(widthPct),
        html: presentationTable(cell, 'width="100%"', 'width:100%'),
      };
    });
    return stackingColumns(columns);
  },
  renderText: (block, ctx) =>
    block.columns.flatMap((column) => ctx.textOf(column.items)).join('\n\n'),
  sanitize: (block, ctx) => ({
    ...block,
    columns: block.columns.map((column) => ({
      ...column,
      items: ctx.sanitizeBlocks(column.items),
    })),
  }),
});
