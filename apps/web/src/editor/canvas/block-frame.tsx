// One block on the canvas: its view inside the same box the email draws, plus the editing handles
// (add above/below, move, delete, drag to reorder, width). Memoised: an edit re-renders only the
// blocks whose objects changed, and selection re-renders only the two blocks it moves between.
import { memo } from 'react';
import { blockRegistry, type Block, type GlobalStyle } from '@thankly/email';
import type { ListRef } from '../model/tree.ts';
import { editorBlockOf } from '../blocks/registry.ts';
import { canvasBoxStyle } from '../blocks/shared/canvas-style.ts';
import { useEditor, useEditorActions } from '../store/use-editor.ts';
import { BlockActions } from './block-actions.tsx';
import { BlockPicker, KEEP_VISIBLE_WHILE_PICKING } from './block-picker.tsx';
import { DropIndicator } from './drop-indicator.tsx';
import { useBlockDrop } from './use-block-drop.ts';
import { useBlockKeys } from './use-block-keys.ts';
import { WidthHandle } from './width-handle.tsx';

interface BlockFrameProps {
  block: Block;
  global: GlobalStyle;
  list: ListRef;
  index: number;
  count: number;
}

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
  const { drop, dropProps } = useBlockDrop(block);
  const onKeyDown = useBlockKeys(block.id);
  const { Canvas } = editorBlockOf(block.type);
  const inColumn = list.kind === 'column';
  const name = `${blockRegistry[block.type].label} block ${index + 1}`;

  return (
    <div data-block-row className="relative" {...dropProps}>
      <DropIndicator place={drop} />
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
          <BlockActions
            blockId={block.id}
            name={name}
            isFirst={index === 0}
            isLast={index === count - 1}
          />
          <WidthHandle block={block} label={`Width of ${name}`} />
        </div>
      </div>
    </div>
  );
});
