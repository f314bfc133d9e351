import { RangeField } from '../../../components/ui/range-field.tsx';
import { CommonControls } from '../shared/common-controls.tsx';
import { InspectorSection } from '../../inspector/inspector-section.tsx';
import { useBlockUpdate } from '../shared/use-block-update.ts';
import { useEditorActions } from '../../store/use-editor.ts';
import type { EditorBlock } from '../editor-block.ts';
import { DESIGN_RANGES } from '@thankly/email';

export const dividerEditor: EditorBlock<'divider'> = {
  Canvas({ block, global }) {
    const color = block.color && block.color !== 'transparent' ? block.color : global.textColor;
    return <div role="presentation" style={{ borderTop: `${block.height}px solid ${color}` }} />;
  },
  Inspector({ block }) {
    const update = useBlockUpdate(block.id);
    const { endBurst } = useEditorActions();
    return (
      <div>
        <InspectorSection title="Line" defaultOpen>
          <RangeField
            label="Line thickness"
            suffix="px"
            {...DESIGN_RANGES.dividerHeight}
            value={block.height}
            onChange={(height) => update({ height })}
            onCommit={endBurst}
          />
        </InspectorSection>
        <CommonControls block={block} text={false} colorLabel="Line color" />
      </div>
    );
  },
};
