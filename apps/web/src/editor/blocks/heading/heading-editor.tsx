import { HEADING_FONT_SIZES } from '@thankly/email';
import { Segmented } from '../../inspector/fields.tsx';
import { TextContentEditor } from '../rich-text/text-content-editor.tsx';
import { canvasTextStyle } from '../shared/canvas-style.ts';
import { CommonControls } from '../shared/common-controls.tsx';
import { useBlockUpdate } from '../shared/use-block-update.ts';
import { useEditorActions } from '../../store/use-editor.ts';
import type { EditorBlock } from '../editor-block.ts';

const LEVELS = [
  { value: 'h1', label: 'H1' },
  { value: 'h2', label: 'H2' },
  { value: 'h3', label: 'H3' },
] as const;

export const headingEditor: EditorBlock<'heading'> = {
  Canvas({ block, global }) {
    const Tag = block.level;
    const style = {
      margin: 0,
      fontSize: HEADING_FONT_SIZES[block.level],
      lineHeight: 1.25,
      ...canvasTextStyle(block, global),
    };
    return block.html.trim() ? (
      <Tag style={style} dangerouslySetInnerHTML={{ __html: block.html }} />
    ) : (
      <Tag style={style}>{block.content}</Tag>
    );
  },
  Inspector({ block }) {
    const update = useBlockUpdate(block.id);
    const { endBurst } = useEditorActions();
    return (
      <div className="space-y-4">
        <TextContentEditor
          key={block.id}
          label="Heading text"
          content={block.content}
          html={block.html}
          multiline={false}
          onChange={update}
          onCommit={endBurst}
        />
        <Segmented
          label="Level"
          value={block.level}
          options={LEVELS}
          onChange={(level) => update({ level })}
        />
        <CommonControls block={block} />
      </div>
    );
  },
};
