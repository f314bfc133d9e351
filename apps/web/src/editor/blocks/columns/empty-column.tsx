// A column with no blocks: a dashed drop target for a block dragged from elsewhere.
import type { ListRef } from '../../model/tree.ts';
import { useEditorActions } from '../../store/use-editor.ts';
import { currentDrag, stopDragging } from '../../canvas/drag-state.ts';

export function EmptyColumn({ list }: { list: ListRef }) {
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
