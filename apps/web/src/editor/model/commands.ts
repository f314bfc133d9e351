// The editor's named commands. Each is a pure function (design, args) -> design: the store applies
// them, the undo history records their results, and the tests call them directly. A command that
// changes nothing returns the very same design object, so nothing is recorded.
import {
  MAX_COLUMNS,
  MAX_NATURAL_PX,
  MIN_COLUMNS,
  brandNewBlock,
  clampCanvasYMargin,
  createBlock,
  withOwnGlobalStyle,
  withOwnStyle,
  redistributeColumns,
  resizeColumns,
  type Block,
  type BrandKit,
  type Design,
  type GlobalStyle,
} from '@thankly/email';
import {
  findBlock,
  isColumnsBlock,
  listItems,
  replaceBlock,
  replaceList,
  updateColumnsBlock,
  type ListRef,
} from './tree.ts';
import { editedWidth } from './snap.ts';

/**
 * How a command meets the undo history: `record` makes one entry; `coalesce` makes one entry per
 * burst of the same command on the same target (a slider drag, a typing run); `skip` never records
 * (and starts a fresh history: loading a template); `amend` changes the present in place, keeping
 * the history, for facts the editor learns about the design rather than edits (an image's size).
 */
export type HistoryMode = 'record' | 'coalesce' | 'skip' | 'amend';

export interface Command<A> {
  readonly name: string;
  readonly history: HistoryMode;
  /** For coalescing commands: bursts with equal keys merge into one undo entry. */
  coalesceKey?(args: A): string;
  apply(design: Design, args: A): Design;
}

function defineCommand<A>(command: Command<A>): Command<A> {
  return command;
}

/** Where a block goes: next to another block, or at one end of a list (an empty canvas or column). */
export type InsertTarget =
  { targetId: string; position: 'above' | 'below' } | { list: ListRef; position: 'start' | 'end' };

/** Resolves a target to a list and an index in it, or null when it points nowhere. */
function resolveTarget(design: Design, at: InsertTarget): { list: ListRef; index: number } | null {
  if ('targetId' in at) {
    const found = findBlock(design, at.targetId);
    if (!found) return null;
    return { list: found.list, index: found.index + (at.position === 'below' ? 1 : 0) };
  }
  const items = listItems(design, at.list);
  if (!items) return null;
  return { list: at.list, index: at.position === 'end' ? items.length : 0 };
}

function insertAt(design: Design, block: Block, at: InsertTarget): Design {
  const target = resolveTarget(design, at);
  // Columns never nest: a columns block may only sit on the canvas itself.
  if (!target || (target.list.kind === 'column' && isColumnsBlock(block))) return design;
  return replaceList(design, target.list, (items) => [
    ...items.slice(0, target.index),
    block,
    ...items.slice(target.index),
  ]);
}

function removeBlock(design: Design, id: string): Design {
  const found = findBlock(design, id);
  if (!found) return design;
  return replaceList(design, found.list, (items) => items.filter((b) => b.id !== id));
}

export const insertBlock = defineCommand<{ block: Block; at: InsertTarget }>({
  name: 'insertBlock',
  history: 'record',
  apply: (design, { block, at }) =>
    findBlock(design, block.id) ? design : insertAt(design, block, at),
});

export const moveBlock = defineCommand<{ id: string; direction: 'up' | 'down' }>({
  name: 'moveBlock',
  history: 'record',
  apply(design, { id, direction }) {
    const found = findBlock(design, id);
    if (!found) return design;
    const other = found.index + (direction === 'up' ? -1 : 1);
    if (other < 0 || other >= found.siblings.length) return design;
    return replaceList(design, found.list, (items) => {
      const copy = [...items];
      [copy[found.index], copy[other]] = [copy[other]!, copy[found.index]!];
      return copy;
    });
  },
});

/** Drag and drop: takes the block out and puts it at the target, possibly in another list. */
export const moveBlockTo = defineCommand<{ id: string; at: InsertTarget }>({
  name: 'moveBlockTo',
  history: 'record',
  apply(design, { id, at }) {
    const found = findBlock(design, id);
    if (!found) return design;
    if ('targetId' in at) {
      if (at.targetId === id) return design;
      // Dropping a columns block into one of its own columns is meaningless.
      const target = findBlock(design, at.targetId);
      if (!target || (target.list.kind === 'column' && target.list.columnsId === id)) return design;
    } else if (at.list.kind === 'column' && at.list.columnsId === id) {
      return design;
    }
    if (isColumnsBlock(found.block)) {
      const target = 'targetId' in at ? findBlock(design, at.targetId)?.list : at.list;
      if (target?.kind === 'column') return design;
    }
    const moved = insertAt(removeBlock(design, id), found.block, at);
    return findBlock(moved, id) ? moved : design;
  },
});

export const deleteBlock = defineCommand<{ id: string }>({
  name: 'deleteBlock',
  history: 'record',
  apply: (design, { id }) => removeBlock(design, id),
});

/** Any fields of a block except its identity and type. */
export type BlockPatch = Partial<Omit<Block, 'id' | 'type'>> & Record<string, unknown>;

export const updateBlock = defineCommand<{ id: string; patch: BlockPatch }>({
  name: 'updateBlock',
  history: 'coalesce',
  coalesceKey: ({ id, patch }) => `${id}:${Object.keys(patch).sort().join(',')}`,
  apply(design, { id, patch }) {
    return replaceBlock(design, id, (block) => {
      const {
        id: _id,
        type: _type,
        ...fields
      } = patch as BlockPatch & { id?: unknown; type?: unknown };
      const changed = Object.entries(fields)
        .filter(([key, value]) => (block as Record<string, unknown>)[key] !== value)
        .map(([key]) => key);
      if (changed.length === 0) return block;
      // A brand-following field the seller sets is theirs from now on: the brand leaves it alone.
      const next = withOwnStyle({ ...block, ...fields } as Block, changed);
      if ('widthPct' in fields)
        next.widthPct = editedWidth(Number(fields.widthPct), { snap: false });
      return next;
    });
  },
});

/**
 * The natural size of an image block's picture, as the browser measured it once it loaded: it lets
 * the email give Outlook a width for an "auto" image. Not an edit, so not an undo step; a size out of
 * the schema's range (a broken or vector image) is left unmeasured.
 */
export const setImageNaturalSize = defineCommand<{ id: string; width: number; height: number }>({
  name: 'setImageNaturalSize',
  history: 'amend',
  apply(design, { id, width, height }) {
    const valid = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_NATURAL_PX;
    if (!valid(width) || !valid(height)) return design;
    return replaceBlock(design, id, (block) =>
      block.type !== 'image' || (block.naturalWidth === width && block.naturalHeight === height)
        ? block
        : { ...block, naturalWidth: width, naturalHeight: height },
    );
  },
});

/**
 * The words of a heading or text block from the rich-text editor: its html and the plain text of
 * it, always together. `burst` names the kind of edit: a run of typing is one undo entry, and so is
 * a colour drag; a formatting step between them ('format') is an entry of its own.
 */
export const editText = defineCommand<{
  id: string;
  html: string;
  content: string;
  burst: string;
}>({
  name: 'editText',
  history: 'coalesce',
  coalesceKey: ({ id, burst }) => `${id}:${burst}`,
  apply: (design, { id, html, content }) =>
    replaceBlock(design, id, (block) => {
      if (block.type !== 'text' && block.type !== 'heading') return block;
      if (block.html === html && block.content === content) return block;
      // The sign-off's words, once the seller writes them, stay theirs when the brand changes.
      return withOwnStyle({ ...block, html, content }, ['html']);
    }),
});

/**
 * "Reset to default": a fresh block of the same type that keeps its id, wearing `brand` as a new
 * block does (what the seller had set by hand goes with the rest).
 */
export const resetBlockToDefault = defineCommand<{ id: string; brand?: BrandKit | null }>({
  name: 'resetBlockToDefault',
  history: 'record',
  apply: (design, { id, brand }) =>
    replaceBlock(
      design,
      id,
      (block) => brandNewBlock(createBlock(block.type, block.id), brand, design.global) as Block,
    ),
});

/** Width from the drag handle or the slider: whole percent, 5-100, snapped to the marks. */
export const resizeBlock = defineCommand<{ id: string; widthPct: number; snap?: boolean }>({
  name: 'resizeBlock',
  history: 'coalesce',
  coalesceKey: ({ id }) => id,
  apply: (design, { id, widthPct, snap = true }) =>
    replaceBlock(design, id, (block) => {
      const width = editedWidth(widthPct, { snap });
      return width === block.widthPct ? block : { ...block, widthPct: width };
    }),
});

function withColumnWidths<T extends { widthPct: number }>(
  columns: readonly T[],
  widths: number[],
): T[] {
  return columns.map((column, index) => ({
    ...column,
    widthPct: widths[index] ?? column.widthPct,
  }));
}

/** Adds an empty column (at most four); widths become equal, the remainder to the first column. */
export const addColumn = defineCommand<{ blockId: string; columnId: string }>({
  name: 'addColumn',
  history: 'record',
  apply: (design, { blockId, columnId }) =>
    updateColumnsBlock(design, blockId, (block) => {
      if (block.columns.length >= MAX_COLUMNS) return block;
      if (block.columns.some((c) => c.id === columnId)) return block;
      const columns = [...block.columns, { id: columnId, widthPct: 0, items: [] }];
      return { ...block, columns: withColumnWidths(columns, redistributeColumns(columns.length)) };
    }),
});

/** Removes a column and what it holds (at least one stays); widths become equal again. */
export const removeColumn = defineCommand<{ blockId: string; columnId: string }>({
  name: 'removeColumn',
  history: 'record',
  apply: (design, { blockId, columnId }) =>
    updateColumnsBlock(design, blockId, (block) => {
      if (block.columns.length <= MIN_COLUMNS) return block;
      const columns = block.columns.filter((c) => c.id !== columnId);
      if (columns.length === block.columns.length) return block;
      return { ...block, columns: withColumnWidths(columns, redistributeColumns(columns.length)) };
    }),
});

/** Sets one column's width; the neighbours give or take the difference, each keeping at least 5%. */
export const resizeColumn = defineCommand<{ blockId: string; index: number; widthPct: number }>({
  name: 'resizeColumn',
  history: 'coalesce',
  coalesceKey: ({ blockId, index }) => `${blockId}:${index}`,
  apply: (design, { blockId, index, widthPct }) =>
    updateColumnsBlock(design, blockId, (block) => {
      const current = block.columns.map((c) => c.widthPct);
      const widths = resizeColumns(current, index, widthPct);
      if (widths.every((w, i) => w === current[i])) return block;
      return { ...block, columns: withColumnWidths(block.columns, widths) };
    }),
});

export const updateGlobalStyle = defineCommand<{ patch: Partial<GlobalStyle> }>({
  name: 'updateGlobalStyle',
  history: 'coalesce',
  coalesceKey: ({ patch }) => Object.keys(patch).sort().join(','),
  apply(design, { patch }) {
    const next = { ...patch };
    if (next.canvasYMargin !== undefined)
      next.canvasYMargin = clampCanvasYMargin(next.canvasYMargin);
    const changed = Object.entries(next)
      .filter(([key, value]) => design.global[key as keyof GlobalStyle] !== value)
      .map(([key]) => key);
    if (changed.length === 0) return design;
    return { ...design, global: withOwnGlobalStyle({ ...design.global, ...next }, changed) };
  },
});

/** Replaces the whole design (a template loaded from the server); never recorded. */
export const loadDesign = defineCommand<{ design: Design }>({
  name: 'loadDesign',
  history: 'skip',
  apply: (_design, { design }) => design,
});
