import { TEXT_FONT_SIZES } from '@thankly/email';
import { SelectField } from '../../inspector/fields.tsx';
import { TextContentEditor } from '../rich-text/text-content-editor.tsx';
import { canvasTextStyle } from '../shared/canvas-style.ts';
import { CommonControls } from '../shared/common-controls.tsx';
import { useBlockUpdate } from '../shared/use-block-update.ts';
import { useEditorActions } from '../../store/use-editor.ts';
import type { EditorBlock } from '../editor-block.ts';

export const textEditor: EditorBlock<'text'> = {
  Canvas({ block, global }) {
    const style = {
      fontSize: block.fontSize,
      lineHeight: 1.6,
      overflowWrap: 'break-word' as const,
      ...canvasTextStyle(block, global),
    };
    return block.html.trim() ? (
      <div
        className="canvas-rich-text [&_p]:m-0 [&_p+p]:mt-[1em]"
        style={style}
        dangerouslySetInnerHTML={{ __html: block.html }}
      />
    ) : (
      <div style={style}>{block.content}</div>
    );
  },
  Inspector({ block }) {
    const update = useBlockUpdate(block.id);
    const { endBurst } = useEditorActions();
    const sizes = TEXT_FONT_SIZES.map((size) => ({ value: String(size), label: `${size}px` }));
    if (!sizes.some((s) => s.value === String(block.fontSize))) {
      sizes.push({ value: String(block.fontSize), label: `${block.fontSize}px` });
    }
    return (
      <div className="space-y-4">
        <TextContentEditor
          key={block.id}
          label="Text"
          content={block.content}
          html={block.html}
          multiline
          onChange={update}
          onCommit={endBurst}
        />
        <SelectField
          label="Size"
          value={String(block.fontSize)}
          options={sizes}
          onChange={(v) => update({ fontSize: Number(v) })}
        />
        <CommonControls block={block} />
      </div>
    );
  },
};
