// The words of a heading or text block on the canvas. Unselected, they are the block's html as the
// email shows it; selected, the same place becomes a Tiptap editor (one at a time, so a 200-block
// design stays light). Every change goes to the store as `editText`, sanitised the way the server
// sanitises on save; the store's undo and redo come back into the editor.
import { memo, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { EditorContent, useEditor as useTiptap } from '@tiptap/react';
import type { Transaction } from '@tiptap/pm/state';
import { editText } from '../../model/commands.ts';
import { findBlock } from '../../model/tree.ts';
import { useEditor, useEditorActions, useEditorListener } from '../../store/use-editor.ts';
import { setActiveRichText, openLinkDialog, type ControlBurst } from './active-rich-text.ts';
import { createRichTextExtensions, tokenizeTransaction } from './extensions.ts';
import { plainTextInputProps } from './plain-paste.ts';
import { editorHtmlOf, toBlockText } from './serialize.ts';

export interface RichTextCanvasProps {
  blockId: string;
  /** The accessible name of the text field ('Heading text', 'Text'). */
  label: string;
  html: string;
  content: string;
  /** Text blocks hold paragraphs; a heading is one line. */
  multiline: boolean;
  /** The block's font size in px. */
  fontSize: number;
  /** The block's text style, the same for the static view and the editor. */
  style: CSSProperties;
  /** The element the static view uses (a heading's h1-h3). */
  as?: 'div' | 'h1' | 'h2' | 'h3';
}

// Paragraph spacing and links on the canvas, the same as the email's (packages/email rich-text.ts):
// no margin at the block's edges, 1em between paragraphs; a link without its own colour takes the
// text colour, underlined.
const TEXT_CLASS = '[&_p]:m-0 [&_p+p]:mt-[1em] [&_ul]:my-0 [&_ol]:my-0 [&_a]:underline';

// Where the pointer went down last: a click that selects a block puts the cursor where it landed.
let lastPointer: { x: number; y: number; at: number } | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'pointerdown',
    (e) => (lastPointer = { x: e.clientX, y: e.clientY, at: Date.now() }),
    true,
  );
}

export function RichTextCanvas(props: RichTextCanvasProps) {
  const isSelected = useEditor((s) => s.selectedId === props.blockId);
  const Tag = props.as ?? 'div';
  if (isSelected) {
    return (
      <div style={props.style}>
        <RichTextEditor {...props} />
      </div>
    );
  }
  return props.html.trim() ? (
    <Tag
      className={TEXT_CLASS}
      style={props.style}
      dangerouslySetInnerHTML={{ __html: props.html }}
    />
  ) : (
    <Tag style={props.style}>{props.content}</Tag>
  );
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
>;

/**
 * Rendered once per opening: the words after that flow from the editor to the store and come back
 * through a store listener, never through props. (A re-render hands Tiptap new options, and
 * updating them redraws the view from its state, which can drop a selection the browser has made
 * but ProseMirror has not read yet.)
 */
const RichTextEditor = memo(
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

  // Selected by a click on the words: the cursor goes where the click landed.
  useEffect(() => {
    const pointer = lastPointer;
    if (!pointer || Date.now() - pointer.at > 1000) return;
    const rect = editor.view.dom.getBoundingClientRect();
    if (rect.width === 0) return; // not laid out (a test DOM)
    const inside =
      pointer.x >= rect.left &&
      pointer.x <= rect.right &&
      pointer.y >= rect.top &&
      pointer.y <= rect.bottom;
    if (!inside) return;
    const pos = editor.view.posAtCoords({ left: pointer.x, top: pointer.y })?.pos;
    editor.commands.focus(pos ?? 'end');
  }, [editor]);

  return <EditorContent editor={editor} />;
}
