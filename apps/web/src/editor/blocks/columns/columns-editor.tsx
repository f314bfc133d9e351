// The columns block in the editor: its canvas view and its inspector panel.
import type { EditorBlock } from '../editor-block.ts';
import { ColumnsCanvas } from './columns-canvas.tsx';
import { ColumnsInspector } from './columns-inspector.tsx';

export const columnsEditor: EditorBlock<'columns'> = {
  Canvas: ColumnsCanvas,
  Inspector: ColumnsInspector,
};
