// The handle on a column's right edge: drag it, or use the arrow keys, to move the width between
// this column and the next.
import { MIN_COLUMN_WIDTH_PCT, type BlockOfType } from '@thankly/email';
import { resizeColumn } from '../../model/commands.ts';
import { useEditorActions } from '../../store/use-editor.ts';
import { usePointerDrag } from '../../canvas/use-pointer-drag.ts';

export function ColumnResizeHandle({
  block,
  index,
}: {
  block: BlockOfType<'columns'>;
  index: number;
}) {
  const actions = useEditorActions();
  const width = block.columns[index]?.widthPct ?? 0;
  // The other columns keep at least their minimum width.
  const maxWidth = 100 - MIN_COLUMN_WIDTH_PCT * (block.columns.length - 1);
  const resize = (widthPct: number) =>
    actions.run(resizeColumn, { blockId: block.id, index, widthPct });
  const { handleProps } = usePointerDrag({
    row: '[data-columns-row]',
    value: width,
    min: MIN_COLUMN_WIDTH_PCT,
    max: maxWidth,
    onStart: actions.endBurst,
    onDrag: (from, travelPct) => resize(from + travelPct),
    onKey: resize,
    onEnd: actions.endBurst,
  });

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
      {...handleProps}
      onBlur={actions.endBurst}
      onClick={(e) => e.stopPropagation()}
      className="focus-ring absolute top-0 -right-1.5 z-10 h-full w-3 cursor-col-resize touch-none rounded opacity-0 group-hover/block:opacity-100 focus:opacity-100 hover:bg-brand-100"
    >
      <span aria-hidden="true" className="mx-auto block h-full w-0.5 bg-brand-600" />
    </div>
  );
}
