import type { RefObject } from 'react';
import type { Editor } from '@tiptap/core';
import { findBlock } from '../../model/tree.ts';
import { useEditorListener } from '../../store/use-editor.ts';
import { editorHtmlOf } from './serialize.ts';

/** The block's fields this editor last wrote to the store. */
export interface WrittenText {
  html: string;
  content: string;
}

/**
 * Undo, redo and reset change the block under the editor: show what the store now holds. Anything
 * that differs from what the editor itself last wrote came from elsewhere.
 */
export function useStoreIntoEditor(
  editor: Editor,
  blockId: string,
  writtenRef: RefObject<WrittenText>,
) {
  useEditorListener(
    (state) => findBlock(state.design, blockId)?.block,
    (block) => {
      if (!block || (block.type !== 'text' && block.type !== 'heading')) return;
      const { html, content } = block;
      if (html === writtenRef.current.html && content === writtenRef.current.content) return;
      writtenRef.current = { html, content };
      const { from } = editor.state.selection;
      editor.commands.setContent(editorHtmlOf(html, content), { emitUpdate: false });
      editor.commands.setTextSelection(Math.min(from, editor.state.doc.content.size));
    },
  );
}
