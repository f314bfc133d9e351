// One block on the canvas: its view inside the same box the email draws, plus the editing handles
// (move, delete, drag to reorder, width). Adding a block is the insertion points' job, between the
// frames (insertion-point.tsx). Memoised: an edit re-renders only the
// blocks whose objects changed, and selection re-renders only the two blocks it moves between.
import { memo } from 'react';
import { blockRegistry, type Block, type GlobalStyle } from '@thankly/email';
import { editorBlockOf } from '../blocks/registry.ts';
import { canvasBoxStyle } from '../blocks/shared/canvas-style.ts';
import { useEditor, useEditorActions } from '../store/use-editor.ts';
import { BlockActions } from './block-actions.tsx';
import { DropIndicator } from './drop-indicator.tsx';
import { useBlockDrop } from './use-block-drop.ts';
import { useBlockKeys } from './use-block-keys.ts';
import { WidthHandle } from './width-handle.tsx';

interface BlockFrameProps {
  block: Block;
  global: GlobalStyle;
  index: number;
  count: number;
}

/** A block's accessible name, which its handles and the insertion points around it include. */
export function blockName(block: Block, index: number): string {
  return `${blockRegistry[block.type].label} block ${index + 1}`;
}

function marginFor(align: Block['align']) {
  if (align === 'center') return { marginLeft: 'auto', marginRight: 'auto' };
  if (align === 'right') return { marginLeft: 'auto' };
  return undefined;
}

export const BlockFrame = memo(function BlockFrame({
  block,
  global,
  index,
  count,
}: BlockFrameProps) {
  const actions = useEditorActions();
  const isSelected = useEditor((s) => s.selectedId === block.id);
  const { drop, dropProps } = useBlockDrop(block);
  const onKeyDown = useBlockKeys(block.id);
  const { Canvas } = editorBlockOf(block.type);
  const name = blockName(block, index);

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
          // A hovered or selected block's handles lie over its neighbours; the insertion points
          // (z-40) lie over them all.
        } ${isSelected ? 'z-30' : 'hover:z-30 focus-within:z-30'}`}
      >
        <div style={canvasBoxStyle(block)}>
          <Canvas block={block} global={global} />
        </div>
        <div
          className={`${isSelected ? 'flex' : 'hidden group-hover/block:flex group-focus-within/block:flex'}`}
          data-keep-selection
        >
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
