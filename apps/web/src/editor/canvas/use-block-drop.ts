// A block as a drop target: another block dragged over it lands above or below it (by which half
// the pointer is over); a picture file from the device uploads there, or fills an empty image
// block.
import { useState, type DragEvent } from 'react';
import type { Block } from '@thankly/email';
import { dragHasFiles, imageFileOf } from '../../media/upload-image.ts';
import { useEditorActions } from '../store/use-editor.ts';
import { useCanvasUpload } from './canvas-upload.tsx';
import { currentDrag, stopDragging } from './drag-state.ts';

export type DropPlace = 'above' | 'below' | 'fill';

export function useBlockDrop(block: Block) {
  const actions = useEditorActions();
  const upload = useCanvasUpload();
  const [drop, setDrop] = useState<DropPlace | null>(null);
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

  return {
    drop,
    dropProps: { onDragOver, onDragLeave: () => setDrop(null), onDrop },
  };
}
