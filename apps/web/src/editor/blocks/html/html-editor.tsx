// The locked HTML block (made only by "Import HTML"): the canvas shows the imported fragment as the
// email renders it, but it is not editable; the frame still moves, resizes and deletes it. Its html
// passed sanitizeRichText when it was imported and again when the design was saved, as text does.
import { useMemo } from 'react';
import { Lock } from 'lucide-react';
import { HTML_BLOCK_FONT_SIZE } from '@thankly/email';
import { withTokenChips } from '../../tokens/token-display.ts';
import { useTokenView } from '../../tokens/token-view.ts';
import { TEXT_CLASS } from '../rich-text/rich-text-canvas.tsx';
import { canvasTextStyle } from '../shared/canvas-style.ts';
import { CommonControls } from '../shared/common-controls.tsx';
import { InspectorSection } from '../../inspector/inspector-section.tsx';
import type { EditorBlock } from '../editor-block.ts';

export const htmlEditor: EditorBlock<'html'> = {
  Canvas({ block, global }) {
    const view = useTokenView();
    const shown = useMemo(() => withTokenChips(block.html, view), [block.html, view]);
    const style = {
      fontSize: HTML_BLOCK_FONT_SIZE,
      lineHeight: 1.6,
      overflowWrap: 'break-word' as const,
      ...canvasTextStyle(block, global),
    };
    return (
      // Links inside are not followed from the canvas: a click selects the block, as elsewhere.
      <div
        className={`${TEXT_CLASS} [&_a]:pointer-events-none [&_img]:inline-block [&_img]:max-w-full`}
        style={style}
        data-html-block=""
        dangerouslySetInnerHTML={{ __html: shown }}
      />
    );
  },
  Inspector({ block }) {
    return (
      <div>
        <InspectorSection title="Content" defaultOpen>
          <p className="flex gap-2 rounded-md bg-slate-50 p-2 text-xs text-slate-600">
            <Lock size={16} aria-hidden className="mt-0.5 shrink-0" />
            <span>
              Imported HTML, kept as it was written and locked: it cannot be edited here. Move it,
              delete it, or rebuild it with Heading, Text and Image blocks to change its words. Its
              images stay at their original addresses.
            </span>
          </p>
        </InspectorSection>
        <CommonControls block={block} />
      </div>
    );
  },
};
