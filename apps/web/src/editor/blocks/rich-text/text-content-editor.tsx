// The one place heading and text blocks are edited as text. For now a plain textarea; the rich-text
// editor (issue 7) replaces this component and keeps its props.
import { useId, useState } from 'react';
import { hasFormatting, htmlToPlainText, plainTextToHtml } from './plain-text.ts';

export interface TextContentEditorProps {
  label: string;
  content: string;
  html: string;
  /** Multi-paragraph text (text blocks) or a single line (headings). */
  multiline: boolean;
  onChange: (value: { content: string; html: string }) => void;
  onCommit?: () => void;
}

/** The text shown for a block: its html's words when it has html, else its plain content. */
function plainOf(content: string, html: string): string {
  return html.trim() ? htmlToPlainText(html) : content;
}

export function TextContentEditor({
  label,
  content,
  html,
  multiline,
  onChange,
  onCommit,
}: TextContentEditorProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  // What the seller types stays as typed (a trailing blank line is a paragraph about to start);
  // a change from elsewhere (undo, reset) replaces it with the block's text.
  const [draft, setDraft] = useState(() => ({ text: plainOf(content, html), content, html }));
  if (draft.content !== content || draft.html !== html) {
    setDraft({ text: plainOf(content, html), content, html });
  }
  const [hadFormatting] = useState(() => hasFormatting(html));
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-semibold text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        value={draft.text}
        rows={multiline ? 6 : 2}
        aria-describedby={hintId}
        onChange={(e) => {
          const text = multiline ? e.target.value : e.target.value.replace(/\n/g, ' ');
          // Text blocks keep paragraphs as html; a heading is one line of plain content.
          const next = multiline
            ? { content: text, html: plainTextToHtml(text) }
            : { content: text, html: '' };
          setDraft({ text, ...next });
          onChange(next);
        }}
        onBlur={onCommit}
        className="focus-ring block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm shadow-sm"
      />
      <p id={hintId} className="text-xs text-slate-500">
        {multiline ? 'A blank line starts a new paragraph. ' : ''}
        Tokens like [customer-first-name] are filled in for each order.
        {hadFormatting && hasFormatting(html)
          ? ' Editing here keeps the words but drops bold, italic and links.'
          : ''}
      </p>
    </div>
  );
}
