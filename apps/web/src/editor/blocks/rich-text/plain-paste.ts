// Spec section 5: pasted content is plain text. Whatever the clipboard holds (a web page, a word
// processor's HTML), only its text/plain part is inserted, with the marks at the cursor; blank lines
// start paragraphs in a text block, single line breaks become <br>, and a heading stays one line.
import { Fragment, Slice, type Node as PmNode, type Schema } from '@tiptap/pm/model';
import type { EditorProps, EditorView } from '@tiptap/pm/view';

/** The plain text as a slice to insert: paragraphs (or one line) of text and hard breaks. */
export function plainTextSlice(
  schema: Schema,
  text: string,
  { multiline, marks }: { multiline: boolean; marks: readonly PmNode['marks'][number][] },
): Slice {
  const normalized = text.replace(/\r\n?/g, '\n').replace(/\u00a0/g, ' ');
  const line = (value: string) => (value ? [schema.text(value, marks)] : []);
  if (!multiline) {
    const oneLine = normalized.replace(/^\n+|\n+$/g, '').replace(/\s*\n\s*/g, ' ');
    return new Slice(Fragment.from(line(oneLine)), 0, 0);
  }
  const hardBreak = schema.nodes.hardBreak;
  const paragraphs = normalized
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => {
      const content: PmNode[] = [];
      paragraph.split('\n').forEach((part, index) => {
        if (index > 0 && hardBreak) content.push(hardBreak.create());
        content.push(...line(part));
      });
      return schema.nodes.paragraph!.create(null, content);
    });
  if (paragraphs.length === 1) return new Slice(paragraphs[0]!.content, 0, 0);
  // Open at both ends: the first paragraph joins the text before the cursor, the last the text after.
  return new Slice(Fragment.from(paragraphs), 1, 1);
}

/** Replaces the selection (or the range) with the plain text; returns false when there is none. */
export function insertPlainText(
  view: EditorView,
  text: string,
  { multiline, at }: { multiline: boolean; at?: number },
): boolean {
  if (!text) return false;
  const { state } = view;
  const $from = at === undefined ? state.selection.$from : state.doc.resolve(at);
  const marks = state.storedMarks ?? $from.marks();
  const slice = plainTextSlice(state.schema, text, { multiline, marks });
  const tr =
    at === undefined ? state.tr.replaceSelection(slice) : state.tr.replaceRange(at, at, slice);
  view.dispatch(tr.scrollIntoView().setMeta('paste', true).setMeta('uiEvent', 'paste'));
  return true;
}

/** The editor props that make paste and drop plain text (a move inside the text stays as it is). */
export function plainTextInputProps({
  multiline,
}: {
  multiline: boolean;
}): Pick<EditorProps, 'handlePaste' | 'handleDrop' | 'transformPastedHTML'> {
  return {
    // ProseMirror parses a clipboard's html before asking handlePaste; with none to parse, hostile
    // markup (event handlers, scripts) never reaches a DOM at all.
    transformPastedHTML: () => '',
    handlePaste(view, event) {
      insertPlainText(view, event.clipboardData?.getData('text/plain') ?? '', { multiline });
      return true;
    },
    handleDrop(view, event, _slice, moved) {
      if (moved) return false;
      event.preventDefault();
      const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
      const text = event.dataTransfer?.getData('text/plain') ?? '';
      if (at !== undefined) insertPlainText(view, text, { multiline, at });
      return true;
    },
  };
}
