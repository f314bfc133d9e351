// One block on the canvas: its view inside the same box the email draws, plus the editing handles
// (add above/below, move, delete, drag to reorder, width). Memoised: an edit re-renders only the
// blocks whose objects changed, and selection re-renders only the two blocks it moves between.
import { memo, useState, type DragEvent, type KeyboardEvent } from 'react';
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from 'lucide-react';
import { blockRegistry, type Block, type GlobalStyle } from '@thankly/email';
import { deleteBlock, moveBlock } from '../model/commands.ts';
import type { ListRef } from '../model/tree.ts';
import { editorBlockOf } from '../blocks/registry.ts';
import { canvasBoxStyle } from '../blocks/shared/canvas-style.ts';
import { useEditor, useEditorActions } from '../store/use-editor.ts';
import { BlockPicker, KEEP_VISIBLE_WHILE_PICKING } from './block-picker.tsx';
import { dragHasFiles, imageFileOf } from '../../media/upload-image.ts';
import { useCanvasUpload } from './canvas-upload.tsx';
import { currentDrag, startDragging, stopDragging } from './drag-state.ts';
import { WidthHandle } from './width-handle.tsx';

interface BlockFrameProps {
  block: Block;
  global: GlobalStyle;
  list: ListRef;
  index: number;
  count: number;
}

const toolButton =
  'focus-ring inline-flex h-7 w-7 items-center justify-center rounded text-slate-700 hover:bg-slate-100 disabled:opacity-40 disabled:hover:bg-transparent';

function marginFor(align: Block['align']) {
  if (align === 'center') return { marginLeft: 'auto', marginRight: 'auto' };
  if (align === 'right') return { marginLeft: 'auto' };
  return undefined;
}

export const BlockFrame = memo(function BlockFrame({
  block,
  global,
  list,
  index,
  count,
}: BlockFrameProps) {
  const actions = useEditorActions();
  const isSelected = useEditor((s) => s.selectedId === block.id);
  const upload = useCanvasUpload();
  const [drop, setDrop] = useState<'above' | 'below' | 'fill' | null>(null);
  const label = blockRegistry[block.type].label;
  const { Canvas } = editorBlockOf(block.type);
  const inColumn = list.kind === 'column';
  const name = `${label} block ${index + 1}`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      actions.select(block.id);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      actions.run(deleteBlock, { id: block.id });
    } else if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      actions.run(moveBlock, { id: block.id, direction: event.key === 'ArrowUp' ? 'up' : 'down' });
      // The block keeps focus in its new place.
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-block-id="${block.id}"]`)?.focus(),
      );
    }
  }

  // A picture from the device dropped on an image block that has none fills it.
  const fillsWithFile = block.type === 'image' && !block.src.trim();

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    const dragging = currentDrag();
    const file = !dragging && upload !== null && dragHasFiles(event.dataTransfer);
    if ((!dragging || dragging === block.id) && !file) return;
    event.preventDefault();
    event.stopPropagation();
    if (file) event.dataTransfer.dropEffect = 'copy';
    if (file && fillsWithFile) {
      setDrop('fill');
      return;
    }
    const rect = event.currentTarget.getBoundingClientRect();
    setDrop(event.clientY < rect.top + rect.height / 2 ? 'above' : 'below');
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    const dragging = currentDrag();
    const position = drop;
    setDrop(null);
    if (!position) return;
    if (!dragging) {
      const file = imageFileOf(event.dataTransfer);
      if (!file || !upload) return;
      event.preventDefault();
      event.stopPropagation();
      upload.uploadInto(
        file,
        position === 'fill' ? { fill: block.id } : { targetId: block.id, position },
      );
      return;
    }
    if (position === 'fill') return;
    event.preventDefault();
    event.stopPropagation();
    stopDragging();
    actions.move(dragging, { targetId: block.id, position });
  }

  return (
    <div
      data-block-row
      className="relative"
      onDragOver={onDragOver}
      onDragLeave={() => setDrop(null)}
      onDrop={onDrop}
    >
      {drop === 'fill' ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 z-40 rounded border-2 border-brand-600 bg-brand-50/60"
        />
      ) : drop ? (
        <div
          aria-hidden="true"
          className={`absolute inset-x-0 z-40 h-1 rounded bg-brand-600 ${drop === 'above' ? '-top-0.5' : '-bottom-0.5'}`}
        />
      ) : null}
      <div
        data-block-frame
        data-block-id={block.id}
        data-block-type={block.type}
        role="group"
        tabIndex={0}
        aria-label={name}
        aria-current={isSelected ? 'true' : undefined}
        onClick={(e) => {
          e.stopPropagation();
          actions.select(block.id);
        }}
        onKeyDown={onKeyDown}
        style={{ width: `${block.widthPct}%`, ...marginFor(block.align) }}
        className={`group/block relative outline-offset-0 focus-visible:outline-2 focus-visible:outline-brand-600 ${
          isSelected
            ? 'outline-2 outline-brand-600'
            : 'hover:outline hover:outline-1 hover:outline-brand-300'
          // Above the canvas's edge zones (z-20): the last block's own "Add block below" takes the
          // click, not the "Add block at the bottom" button lying under it.
        } ${isSelected ? 'z-30' : 'hover:z-30 focus-within:z-30'}`}
      >
        <div style={canvasBoxStyle(block)}>
          <Canvas block={block} global={global} />
        </div>
        <div
          className={`${isSelected ? 'flex' : `hidden group-hover/block:flex group-focus-within/block:flex ${KEEP_VISIBLE_WHILE_PICKING}`}`}
          data-keep-selection
        >
          <BlockPicker
            at={{ targetId: block.id, position: 'above' }}
            label={`Add block above ${name}`}
            allowColumns={!inColumn}
            className="absolute -top-3 left-1/2 -translate-x-1/2"
          />
          <BlockPicker
            at={{ targetId: block.id, position: 'below' }}
            label={`Add block below ${name}`}
            allowColumns={!inColumn}
            className="absolute -bottom-3 left-1/2 -translate-x-1/2"
          />
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
                startDragging(block.id);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', block.id);
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
              disabled={index === 0}
              onClick={() => actions.run(moveBlock, { id: block.id, direction: 'up' })}
              className={toolButton}
            >
              <ArrowUp aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              aria-label={`Move ${name} down`}
              title="Move down (Alt+↓)"
              disabled={index === count - 1}
              onClick={() => actions.run(moveBlock, { id: block.id, direction: 'down' })}
              className={toolButton}
            >
              <ArrowDown aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              aria-label={`Delete ${name}`}
              title="Delete (Del)"
              onClick={() => actions.run(deleteBlock, { id: block.id })}
              className={`${toolButton} text-red-700 hover:bg-red-50`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </div>
          <WidthHandle block={block} label={`Width of ${name}`} />
        </div>
      </div>
    </div>
  );
});
