// The small toolbar on a block's top edge: drag to reorder, move up, move down, delete.
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from 'lucide-react';
import { deleteBlock, moveBlock } from '../model/commands.ts';
import { useEditorActions } from '../store/use-editor.ts';
import { startDragging, stopDragging } from './drag-state.ts';

const toolButton =
  'focus-ring inline-flex h-7 w-7 items-center justify-center rounded text-slate-700 hover:bg-slate-100 disabled:opacity-40 disabled:hover:bg-transparent';

export function BlockActions({
  blockId,
  name,
  isFirst,
  isLast,
}: {
  blockId: string;
  /** The block's accessible name ("Text block 2"), which every action's name includes. */
  name: string;
  isFirst: boolean;
  isLast: boolean;
}) {
  const actions = useEditorActions();
  return (
    <div
      role="toolbar"
      aria-label={`${name} actions`}
      onClick={(e) => e.stopPropagation()}
      className="absolute -top-3 right-2 z-20 flex items-center gap-0.5 rounded-md border border-slate-200 bg-white p-0.5 text-xs shadow"
    >
      <span
        draggable
        role="img"
        aria-label={`Drag ${name} to reorder`}
        title="Drag to reorder"
        onDragStart={(e) => {
          startDragging(blockId);
          e.dataTransfer.effectAllowed = 'move';
          e.dataTransfer.setData('text/plain', blockId);
        }}
        onDragEnd={stopDragging}
        className="inline-flex h-7 w-5 cursor-grab items-center justify-center text-slate-400"
      >
        <GripVertical aria-hidden="true" className="size-4" />
      </span>
      <button
        type="button"
        aria-label={`Move ${name} up`}
        title="Move up (Alt+↑)"
        disabled={isFirst}
        onClick={() => actions.run(moveBlock, { id: blockId, direction: 'up' })}
        className={toolButton}
      >
        <ArrowUp aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        aria-label={`Move ${name} down`}
        title="Move down (Alt+↓)"
        disabled={isLast}
        onClick={() => actions.run(moveBlock, { id: blockId, direction: 'down' })}
        className={toolButton}
      >
        <ArrowDown aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        aria-label={`Delete ${name}`}
        title="Delete (Del)"
        onClick={() => actions.run(deleteBlock, { id: blockId })}
        className={`${toolButton} text-red-700 hover:bg-red-50`}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
