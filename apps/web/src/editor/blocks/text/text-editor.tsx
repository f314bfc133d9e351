import { TEXT_FONT_SIZES } from '@thankly/email';
import { SelectField } from '../../../components/ui/index.ts';
import { RichTextCanvas } from '../rich-text/rich-text-canvas.tsx';
import { EditOnCanvasHint } from '../rich-text/edit-on-canvas-hint.tsx';
import { canvasTextStyle } from '../shared/canvas-style.ts';
import { CommonControls } from '../shared/common-controls.tsx';
import { InspectorSection } from '../../inspector/inspector-section.tsx';
import { useBlockUpdate } from '../shared/use-block-update.ts';
import type { EditorBlock } from '../editor-block.ts';

export const textEditor: EditorBlock<'text'> = {
  Canvas({ block, global }) {
    const style = {
      fontSize: block.fontSize,
      lineHeight: 1.6,
      overflowWrap: 'break-word' as const,
      ...canvasTextStyle(block, global),
    };
    return (
      <RichTextCanvas
        blockId={block.id}
        label="Text"
        html={block.html}
        content={block.content}
        multiline
        fontSize={block.fontSize}
        style={style}
      />
    );
  },
  Inspector({ block }) {
    const update = useBlockUpdate(block.id);
    const sizes = TEXT_FONT_SIZES.map((size) => ({ value: String(size), label: `${size}px` }));
    if (!sizes.some((s) => s.value === String(block.fontSize))) {
      sizes.push({ value: String(block.fontSize), label: `${block.fontSize}px` });
    }
    return (
      <div>
        <InspectorSection title="Content" defaultOpen>
          <EditOnCanvasHint />
          <SelectField
            label="Size"
            value={String(block.fontSize)}
            options={sizes}
            onChange={(v) => update({ fontSize: Number(v) })}
          />
        </InspectorSection>
        <CommonControls block={block} />
      </div>
    );
  },
};
