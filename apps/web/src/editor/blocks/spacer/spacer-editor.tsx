import { RangeField } from '../../../components/ui/range-field.tsx';
import { CommonControls } from '../shared/common-controls.tsx';
import { InspectorSection } from '../../inspector/inspector-section.tsx';
import { useBlockUpdate } from '../shared/use-block-update.ts';
import { useEditorActions } from '../../store/use-editor.ts';
import type { EditorBlock } from '../editor-block.ts';
import { DESIGN_RANGES } from '@thankly/email';

export const spacerEditor: EditorBlock<'spacer'> = {
  Canvas({ block }) {
    return <div aria-hidden="true" style={{ height: block.height }} />;
  },
  Inspector({ block }) {
    const update = useBlockUpdate(block.id);
    const { endBurst } = useEditorActions();
    return (
      <div>
        <InspectorSection title="Size" defaultOpen>
          <RangeField
            label="Height"
            suffix="px"
            {...DESIGN_RANGES.spacerHeight}
            value={block.height}
            onChange={(height) => update({ height })}
            onCommit={endBurst}
          />
        </InspectorSection>
        <CommonControls block={block} text={false} />
      </div>
    );
  },
};
