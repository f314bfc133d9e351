// The image block in the editor: its canvas view and its inspector panel.
import type { EditorBlock } from '../editor-block.ts';
import { ImageCanvas } from './image-canvas.tsx';
import { ImageInspector } from './image-inspector.tsx';

export const imageEditor: EditorBlock<'image'> = {
  Canvas: ImageCanvas,
  Inspector: ImageInspector,
};
