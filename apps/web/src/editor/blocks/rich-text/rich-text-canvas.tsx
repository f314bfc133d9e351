// The words of a heading or text block on the canvas. Unselected, they are the block's html as the
// email shows it; selected, the same place becomes a Tiptap editor (one at a time, so a 200-block
// design stays light). The editor's engine loads on its own (rich-text-engine.ts): until it is
// there, the selected block keeps showing its words exactly as before, so nothing moves.
import { Suspense, useMemo, type CSSProperties } from 'react';
import { useEditor } from '../../store/use-editor.ts';
import { textAsHtml, withTokenChips } from '../../tokens/token-display.ts';
import { useTokenView } from '../../tokens/token-view.ts';
import { recentPointerDown } from './pointer.ts';
import { LazyRichTextEditor } from './rich-text-engine.ts';

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
export const TEXT_CLASS = '[&_p]:m-0 [&_p+p]:mt-[1em] [&_ul]:my-0 [&_ol]:my-0 [&_a]:underline';

export function RichTextCanvas(props: RichTextCanvasProps) {
  const isSelected = useEditor((s) => s.selectedId === props.blockId);
  // The press that selected this block, read when it was selected: the engine may load later.
  const openedBy = useMemo(() => (isSelected ? recentPointerDown() : null), [isSelected]);
  if (!isSelected) return <StaticText {...props} />;
  return (
    <Suspense fallback={<StaticText {...props} />}>
      <div style={props.style}>
        <LazyRichTextEditor
          blockId={props.blockId}
          label={props.label}
          html={props.html}
          content={props.content}
          multiline={props.multiline}
          fontSize={props.fontSize}
          openedBy={openedBy}
        />
      </div>
    </Suspense>
  );
}

/** The block's words as the email shows them, its tokens as chips or values (token-view.ts). */
function StaticText({ html, content, style, as: Tag = 'div' }: RichTextCanvasProps) {
  const view = useTokenView();
  const source = html.trim() ? html : textAsHtml(content);
  const shown = useMemo(() => withTokenChips(source, view), [source, view]);
  return (
    <Tag
      className={TEXT_CLASS}
      style={style}
      data-rich-text-static=""
      dangerouslySetInnerHTML={{ __html: shown }}
    />
  );
}
