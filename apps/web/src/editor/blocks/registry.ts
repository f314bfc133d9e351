// Canvas view and inspector panel per block type, keyed by type. Labels, defaults and picker order
// come from packages/email's blockRegistry; adding a block type adds one folder here and one line.
import type { BlockType } from '@thankly/email';
import type { EditorBlock } from './editor-block.ts';
import { buttonEditor } from './button/button-editor.tsx';
import { columnsEditor } from './columns/columns-editor.tsx';
import { dividerEditor } from './divider/divider-editor.tsx';
import { headingEditor } from './heading/heading-editor.tsx';
import { htmlEditor } from './html/html-editor.tsx';
import { imageEditor } from './image/image-editor.tsx';
import { spacerEditor } from './spacer/spacer-editor.tsx';
import { textEditor } from './text/text-editor.tsx';

type EditorBlocks = { readonly [T in BlockType]: EditorBlock<T> };

let editorBlocks: EditorBlocks | undefined;

/**
 * Built on first use, not when this module is evaluated: the columns block renders its children
 * through this registry, so the two import each other, and whichever is evaluated first sees the
 * other unfinished. Read at render time, every block's parts are there.
 */
function allEditorBlocks(): EditorBlocks {
  editorBlocks ??= {
    heading: headingEditor,
    text: textEditor,
    button: buttonEditor,
    image: imageEditor,
    divider: dividerEditor,
    spacer: spacerEditor,
    columns: columnsEditor,
    html: htmlEditor,
  };
  return editorBlocks;
}

/** The editor parts of a block, seen through the common interface for dispatch over any block. */
export function editorBlockOf(type: BlockType): EditorBlock<BlockType> {
  return allEditorBlocks()[type] as unknown as EditorBlock<BlockType>;
}
