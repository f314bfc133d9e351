// The columns block: each column is its own block list with an add button, a remove button and a
// drag handle on its right edge; "Add column" appends one (at most four).
import { X } from 'lucide-react';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import {
  MAX_COLUMNS,
  MIN_COLUMNS,
  MIN_COLUMN_WIDTH_PCT,
  createBlockId,
  type BlockOfType,
} from '@thankly/email';
import { addColumn, removeColumn, resizeColumn } from '../../model/commands.ts';
import { widthForKey } from '../../model/snap.ts';
import type { ListRef } from '../../model/tree.ts';
import { useEditorActions } from '../../store/use-editor.ts';
import { BlockList } from '../../canvas/block-list.tsx';
import { BlockPicker } from '../../canvas/block-picker.tsx';
import { currentDrag, stopDragging } from '../../canvas/drag-state.ts';
import { NumberField, RangeField } from '../../../components/ui/index.ts';
import { CommonControls } from '../shared/common-controls.tsx';
import { InspectorSection } from '../../inspector/inspector-section.tsx';
import { useBlockUpdate } from '../shared/use-block-update.ts';
import type { EditorBlock } from '../editor-block.ts';

type ColumnsBlock = BlockOfType<'columns'>;

const buttonLook =
  'focus-ring rounded border border-slate-300 bg-white text-xs font-medium text-slate-700 shadow-sm hover:bg-slate-50 disabled:opacity-40';
const smallButton = `${buttonLook} px-2 py-0.5`;
const iconButton = `${buttonLook} inline-flex items-center justify-center p-1`;

function ColumnResizeHandle({ block, index }: { block: ColumnsBlock; index: number }) {
  const actions = useEditorActions();
  const start = useRef<{ x: number; width: number; rowWidth: number } | null>(null);
  const width = block.columns[index]?.widthPct ?? 0;
  // The other columns keep at least their minimum width.
  const maxWidth = 100 - MIN_COLUMN_WIDTH_PCT * (block.columns.length - 1);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    const row = event.currentTarget.closest('[data-columns-row]');
    if (!row) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { x: event.clientX, width, rowWidth: row.getBoundingClientRect().width };
    actions.endBurst();
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const s = start.current;
    if (!s || s.rowWidth === 0) return;
    const widthPct = s.width + ((event.clientX - s.x) / s.rowWidth) * 100;
    actions.run(resizeColumn, { blockId: block.id, index, widthPct });
  }
  function onPointerUp() {
    start.current = null;
    actions.endBurst();
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = widthForKey(event.key, width, { min: MIN_COLUMN_WIDTH_PCT, max: maxWidth });
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    actions.run(resizeColumn, { blockId: block.id, index, widthPct: next });
  }

  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={`Width of column ${index + 1}`}
      aria-valuemin={MIN_COLUMN_WIDTH_PCT}
      aria-valuemax={maxWidth}
      aria-valuenow={width}
      aria-valuetext={`${width}%`}
      data-column-handle
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onBlur={actions.endBurst}
      onClick={(e) => e.stopPropagation()}
      className="focus-ring absolute top-0 -right-1.5 z-10 h-full w-3 cursor-col-resize touch-none rounded opacity-0 group-hover/block:opacity-100 focus:opacity-100 hover:bg-brand-100"
    >
      <span aria-hidden="true" className="mx-auto block h-full w-0.5 bg-brand-600" />
    </div>
  );
}

function EmptyColumn({ list }: { list: ListRef }) {
  const actions = useEditorActions();
  return (
    <div
      onDragOver={(e) => {
        if (currentDrag()) {
          e.preventDefault();
          e.stopPropagation();
        }
      }}
      onDrop={(e) => {
        const id = currentDrag();
        if (!id) return;
        e.preventDefault();
        e.stopPropagation();
        stopDragging();
        actions.move(id, { list, position: 'end' });
      }}
      className="flex min-h-16 items-center justify-center rounded border border-dashed border-slate-300 px-2 py-4 text-xs text-slate-500"
    >
      {/* Too narrow for the words: the dashed box alone says the column is empty. */}
      <span className="@max-[5rem]:hidden">Empty column</span>
    </div>
  );
}

export const columnsEditor: EditorBlock<'columns'> = {
  Canvas({ block, global }) {
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
                <div className="mb-1 hidden flex-wrap items-center justify-between gap-1 group-hover/block:flex group-focus-within/block:flex group-aria-[current=true]/block:flex has-[[aria-expanded=true]]:flex">
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
                {column.items.length > 0 ? (
                  <div className="space-y-0">
                    <BlockList blocks={column.items} list={list} global={global} />
                  </div>
                ) : (
                  <EmptyColumn list={list} />
                )}
                {index < block.columns.length - 1 ? (
                  <ColumnResizeHandle block={block} index={index} />
                ) : null}
              </div>
            );
          })}
        </div>
        {block.columns.length < MAX_COLUMNS ? (
          <div className="mt-2 hidden justify-center group-hover/block:flex group-focus-within/block:flex group-aria-[current=true]/block:flex">
            <button
              type="button"
              onClick={(e) => {
                e.stopPropagation();
                actions.run(addColumn, { blockId: block.id, columnId: createBlockId('c') });
              }}
              className={smallButton}
            >
              Add column
            </button>
          </div>
        ) : null}
      </div>
    );
  },
  Inspector({ block }) {
    const update = useBlockUpdate(block.id);
    const actions = useEditorActions();
    return (
      <div>
        <InspectorSection title="Columns" defaultOpen>
          <RangeField
            label="Gap between columns"
            suffix="px"
            min={0}
            max={64}
            value={block.gutter}
            onChange={(gutter) => update({ gutter })}
            onCommit={actions.endBurst}
          />
          <fieldset className="space-y-2">
            <legend className="mb-1 text-xs font-semibold text-slate-700">
              Columns ({block.columns.length} of {MAX_COLUMNS})
            </legend>
            <div className="grid grid-cols-2 gap-2">
              {block.columns.map((column, index) => (
                <NumberField
                  key={column.id}
                  label={`Column ${index + 1} width`}
                  suffix="%"
                  value={column.widthPct}
                  min={5}
                  max={100}
                  onChange={(widthPct) =>
                    actions.run(resizeColumn, { blockId: block.id, index, widthPct })
                  }
                />
              ))}
            </div>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                disabled={block.columns.length >= MAX_COLUMNS}
                onClick={() =>
                  actions.run(addColumn, { blockId: block.id, columnId: createBlockId('c') })
                }
                className={smallButton}
              >
                Add column
              </button>
              <button
                type="button"
                disabled={block.columns.length <= MIN_COLUMNS}
                onClick={() => {
                  const last = block.columns.at(-1);
                  if (last) actions.run(removeColumn, { blockId: block.id, columnId: last.id });
                }}
                className={smallButton}
              >
                Remove last column
              </button>
            </div>
          </fieldset>
        </InspectorSection>
        <CommonControls block={block} text={false} />
      </div>
    );
  },
};
