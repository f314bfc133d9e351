import { HEADING_FONT_SIZES } from '@thankly/email';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { RichTextCanvas } from '../rich-text/rich-text-canvas.tsx';
import { EditOnCanvasHint } from '../rich-text/edit-on-canvas-hint.tsx';
import { canvasTextStyle } from '../shared/canvas-style.ts';
import { CommonControls } from '../shared/common-controls.tsx';
import { InspectorSection } from '../../inspector/inspector-section.tsx';
import { useBlockUpdate } from '../shared/use-block-update.ts';
import type { EditorBlock } from '../editor-block.ts';

const LEVELS = [
  { value: 'h1', label: 'H1' },
  { value: 'h2', label: 'H2' },
  { value: 'h3', label: 'H3' },
] as const;

export const headingEditor: EditorBlock<'heading'> = {
  Canvas({ block, global }) {
    const style = {
      margin: 0,
      fontSize: HEADING_FONT_SIZES[block.level],
      lineHeight: 1.25,
      ...canvasTextStyle(block, global),
    };
    return (
      <RichTextCanvas
        blockId={block.id}
        label="Heading text"
        html={block.html}
        content={block.content}
        multiline={false}
        fontSize={HEADING_FONT_SIZES[block.level]}
        style={style}
        as={block.level}
      />
    );
  },
  Inspector({ block }) {
    const update = useBlockUpdate(block.id);
    return (
      <div>
        <InspectorSection title="Content" defaultOpen>
          <EditOnCanvasHint />
          <Segmented
            label="Level"
            value={block.level}
            options={LEVELS}
            onChange={(level) => update({ level })}
          />
        </InspectorSection>
        <CommonControls block={block} />
      </div>
    );
  },
};
