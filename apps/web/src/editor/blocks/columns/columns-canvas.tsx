// The columns block on the canvas: each column is its own block list with an add and a remove button
// below it and a drag handle on its right edge; "Add column" appends one (at most four).
import { X } from 'lucide-react';
import {
  MAX_COLUMNS,
  MIN_COLUMNS,
  createBlockId,
  type BlockOfType,
  type GlobalStyle,
} from '@thankly/email';
import { addColumn, removeColumn } from '../../model/commands.ts';
import type { ListRef } from '../../model/tree.ts';
import { useEditorActions } from '../../store/use-editor.ts';
import { BlockList } from '../../canvas/block-list.tsx';
import { BlockPicker } from '../../canvas/block-picker.tsx';
import { Button } from '../../../components/ui/index.ts';
import { ColumnResizeHandle } from './column-resize-handle.tsx';
import { EmptyColumn } from './empty-column.tsx';

// An icon alone: the canvas's xs button with even padding round the cross.
const iconButton =
  'focus-ring inline-flex items-center justify-center rounded border border-slate-300 bg-white p-1 text-xs font-medium text-slate-700 shadow-sm hover:bg-slate-50 disabled:opacity-40';

export function ColumnsCanvas({
  block,
  global,
}: {
  block: BlockOfType<'columns'>;
  global: GlobalStyle;
}) {
  const actions = useEditorActions();
  const half = block.gutter / 2;
  const canRemove = block.columns.length > MIN_COLUMNS;
  return (
    <div>
      <div data-columns-row className="flex" style={{ margin: `0 -${half}px` }}>
        {block.columns.map((column, index) => {
          const list: ListRef = { kind: 'column', columnsId: block.id, columnId: column.id };
          const n = index + 1;
          return (
            <div
              key={column.id}
              data-column
              // A size container: its add and remove buttons shrink to icons when it is narrow.
              className="relative min-w-0 @container"
              style={{ width: `${column.widthPct}%`, padding: `0 ${half}px` }}
            >
              {column.items.length > 0 ? (
                <div className="space-y-0">
                  <BlockList blocks={column.items} list={list} global={global} />
                </div>
              ) : (
                <EmptyColumn list={list} />
              )}
              {/* Below the column's blocks, where "Add" puts the new one; above them, the text
                  toolbar floating over a first text would cover the next column's buttons. */}
              <div className="mt-1 hidden flex-wrap items-center justify-between gap-1 group-hover/block:flex group-focus-within/block:flex group-aria-[current=true]/block:flex has-[[aria-expanded=true]]:flex">
                <BlockPicker
                  at={{ list, position: 'end' }}
                  label={`Add block to column ${n}`}
                  allowColumns={false}
                  buttonText="Add"
                />
                <button
                  type="button"
                  aria-label={`Remove column ${n}`}
                  title="Remove column"
                  disabled={!canRemove}
                  onClick={(e) => {
                    e.stopPropagation();
                    actions.run(removeColumn, { blockId: block.id, columnId: column.id });
                  }}
                  className={iconButton}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </div>
              {index < block.columns.length - 1 ? (
                <ColumnResizeHandle block={block} index={index} />
              ) : null}
            </div>
          );
        })}
      </div>
      {block.columns.length < MAX_COLUMNS ? (
        <div className="mt-2 hidden justify-center group-hover/block:flex group-focus-within/block:flex group-aria-[current=true]/block:flex">
          <Button
            variant="secondary"
            size="xs"
            onClick={(e) => {
              e.stopPropagation();
              actions.run(addColumn, { blockId: block.id, columnId: createBlockId('c') });
            }}
          >
            Add column
          </Button>
        </div>
      ) : null}
    </div>
  );
}
