// The open editor of a heading or text block: Tiptap in the block's box. Every change goes to the
// store as `editText`, sanitised the way the server sanitises on save; the store's undo and redo
// come back into the editor. This module is the rich-text engine's entry (rich-text-engine.ts
// loads it on its own), so only types may be imported from here by the rest of the editor.
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { EditorContent, useEditor as useTiptap } from '@tiptap/react';
import { editText } from '../../model/commands.ts';
import { useEditorActions } from '../../store/use-editor.ts';
import { setActiveRichText, openLinkDialog, type ControlBurst } from './active-rich-text.ts';
import {
  createRichTextExtensions,
  syncSelectionFromDom,
  tokenizeTransaction,
} from './extensions.ts';
import { isFormattingOnly } from './is-formatting-only.ts';
import { plainTextInputProps } from './plain-paste.ts';
import type { PointerDown } from './pointer.ts';
import { TEXT_CLASS, type RichTextCanvasProps } from './rich-text-canvas.tsx';
import { editorHtmlOf, toBlockText } from './serialize.ts';
import { useCursorAtClick } from './use-cursor-at-click.ts';
import { useStoreIntoEditor, type WrittenText } from './use-store-into-editor.ts';

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
  const written = useRef<WrittenText>({ html: openedHtml, content: openedContent });
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

  useStoreIntoEditor(editor, blockId, written);

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

  useCursorAtClick(editor, openedBy);

  return <EditorContent editor={editor} />;
}
