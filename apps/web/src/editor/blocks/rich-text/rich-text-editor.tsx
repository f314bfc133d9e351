// The open editor of a heading or text block: Tiptap in the block's box. Every change goes to the
// store as `editText`, sanitised the way the server sanitises on save; the store's undo and redo
// come back into the editor. This module is the rich-text engine's entry (rich-text-engine.ts
// loads it on its own), so only types may be imported from here by the rest of the editor.
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { EditorContent, useEditor as useTiptap } from '@tiptap/react';
import type { Editor } from '@tiptap/core';
import type { Transaction } from '@tiptap/pm/state';
import { editText } from '../../model/commands.ts';
import { findBlock } from '../../model/tree.ts';
import { useEditorActions, useEditorListener } from '../../store/use-editor.ts';
import { setActiveRichText, openLinkDialog, type ControlBurst } from './active-rich-text.ts';
import {
  createRichTextExtensions,
  syncSelectionFromDom,
  tokenizeTransaction,
} from './extensions.ts';
import { plainTextInputProps } from './plain-paste.ts';
import type { PointerDown } from './pointer.ts';
import { TEXT_CLASS, type RichTextCanvasProps } from './rich-text-canvas.tsx';
import { editorHtmlOf, toBlockText } from './serialize.ts';

/** The editor's element, or null while its view is not mounted (StrictMode replays effects). */
function mountedDom(editor: Editor): HTMLElement | null {
  try {
    return editor.view.dom;
  } catch {
    return null;
  }
}

/** A change that only adds or removes marks (bold, a colour) is formatting, not typing. */
function isFormattingOnly(tr: Transaction): boolean {
  return (
    tr.steps.length > 0 &&
    tr.steps.every((step) => /^(add|remove)Mark$/.test(String(step.toJSON().stepType)))
  );
}

type EditorProps = Pick<
  RichTextCanvasProps,
  'blockId' | 'label' | 'multiline' | 'fontSize' | 'html' | 'content'
> & {
  /** The pointer press that selected the block, if one did: the cursor goes where it landed. */
  openedBy: PointerDown | null;
};

/**
 * Rendered once per opening: the words after that flow from the editor to the store and come back
 * through a store listener, never through props. (A re-render hands Tiptap new options, and
 * updating them redraws the view from its state, which can drop a selection the browser has made
 * but ProseMirror has not read yet.)
 */
export default memo(
  function RichTextEditor(props: EditorProps) {
    return <OpenEditor {...props} />;
  },
  (a, b) =>
    a.blockId === b.blockId &&
    a.label === b.label &&
    a.multiline === b.multiline &&
    a.fontSize === b.fontSize,
);

function OpenEditor({
  blockId,
  label,
  html: openedHtml,
  content: openedContent,
  multiline,
  fontSize,
  openedBy,
}: EditorProps) {
  const actions = useEditorActions();
  const [opened] = useState(() => editorHtmlOf(openedHtml, openedContent));
  // The fields this editor last wrote to the store: anything else arriving is an undo, a redo or a
  // reset, and replaces the editor's content.
  const written = useRef({ html: openedHtml, content: openedContent });
  const pendingBurst = useRef<ControlBurst | null>(null);
  const extensions = useMemo(
    () => createRichTextExtensions({ multiline, onLinkShortcut: openLinkDialog }),
    [multiline],
  );

  const editor = useTiptap(
    {
      extensions,
      content: opened,
      immediatelyRender: true,
      shouldRerenderOnTransaction: false,
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-label': label,
          'aria-multiline': String(multiline),
          'data-rich-text': '',
          class: `${TEXT_CLASS} rich-text-editor outline-none`,
        },
        ...plainTextInputProps({ multiline }),
      },
      onCreate({ editor: created }) {
        // Tokens in the saved html become token chips; loading is not an edit.
        const tr = tokenizeTransaction(created.state);
        if (tr) created.view.dispatch(tr.setMeta('preventUpdate', true));
      },
      onUpdate({ editor: changed, transaction }) {
        const next = toBlockText(changed.getJSON(), { inline: !multiline });
        if (next.html === written.current.html && next.content === written.current.content) return;
        written.current = next;
        const burst = pendingBurst.current ?? (isFormattingOnly(transaction) ? 'format' : 'typing');
        const ownStep = burst === 'format' || burst === 'insert';
        if (ownStep) actions.endBurst();
        actions.run(editText, { id: blockId, ...next, burst });
        if (ownStep) actions.endBurst();
      },
      onBlur: () => actions.endBurst(),
    },
    [],
  );

  // Undo, redo and reset change the block under the editor: show what the store now holds.
  useEditorListener(
    (state) => findBlock(state.design, blockId)?.block,
    (block) => {
      if (!block || (block.type !== 'text' && block.type !== 'heading')) return;
      const { html, content } = block;
      if (html === written.current.html && content === written.current.content) return;
      written.current = { html, content };
      const { from } = editor.state.selection;
      editor.commands.setContent(editorHtmlOf(html, content), { emitUpdate: false });
      editor.commands.setTextSelection(Math.min(from, editor.state.doc.content.size));
    },
  );

  // The toolbar and the token popover act on this editor while it is open.
  useEffect(
    () =>
      setActiveRichText({
        editor,
        blockId,
        syncSelectionFromDom: () => syncSelectionFromDom(editor.view),
        baseFontSize: fontSize,
        change(burst, run) {
          pendingBurst.current = burst;
          try {
            run(editor);
          } finally {
            pendingBurst.current = null;
          }
        },
      }),
    [editor, blockId, fontSize],
  );

  // Selected by a click on the words: the cursor goes where the click landed, even when the engine
  // took a moment to load.
  useEffect(() => {
    const pointer = openedBy;
    const dom = pointer && mountedDom(editor);
    if (!pointer || !dom) return;
    const rect = dom.getBoundingClientRect();
    if (rect.width === 0) return; // not laid out (a test DOM)
    const inside =
      pointer.x >= rect.left &&
      pointer.x <= rect.right &&
      pointer.y >= rect.top &&
      pointer.y <= rect.bottom;
    if (!inside) return;
    const pos = editor.view.posAtCoords({ left: pointer.x, top: pointer.y })?.pos;
    editor.commands.focus(pos ?? 'end');
  }, [editor, openedBy]);

  return <EditorContent editor={editor} />;
}
