// The columns block's settings: the gap, each column's width, adding and removing columns, then
// the settings every block has.
import {
  DESIGN_RANGES,
  MAX_COLUMNS,
  MIN_COLUMNS,
  createBlockId,
  type BlockOfType,
} from '@thankly/email';
import { addColumn, removeColumn, resizeColumn } from '../../model/commands.ts';
import { useEditorActions } from '../../store/use-editor.ts';
import { Button, Fieldset } from '../../../components/ui/index.ts';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { RangeField } from '../../../components/ui/range-field.tsx';
import { InspectorSection } from '../../inspector/inspector-section.tsx';
import { CommonControls } from '../shared/common-controls.tsx';
import { useBlockUpdate } from '../shared/use-block-update.ts';

export function ColumnsInspector({ block }: { block: BlockOfType<'columns'> }) {
  const update = useBlockUpdate(block.id);
  const actions = useEditorActions();
  return (
    <div>
      <InspectorSection title="Columns" defaultOpen>
        <RangeField
          label="Gap between columns"
          suffix="px"
          {...DESIGN_RANGES.columnGap}
          value={block.gutter}
          onChange={(gutter) => update({ gutter })}
          onCommit={actions.endBurst}
        />
        <Fieldset legend={`Columns (${block.columns.length} of ${MAX_COLUMNS})`}>
          <div className="grid grid-cols-2 gap-2">
            {block.columns.map((column, index) => (
              <NumberField
                key={column.id}
                label={`Column ${index + 1} width`}
                suffix="%"
                value={column.widthPct}
                {...DESIGN_RANGES.columnWidth}
                onChange={(widthPct) =>
                  actions.run(resizeColumn, { blockId: block.id, index, widthPct })
                }
              />
            ))}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="xs"
              disabled={block.columns.length >= MAX_COLUMNS}
              onClick={() =>
                actions.run(addColumn, { blockId: block.id, columnId: createBlockId('c') })
              }
            >
              Add column
            </Button>
            <Button
              variant="secondary"
              size="xs"
              disabled={block.columns.length <= MIN_COLUMNS}
              onClick={() => {
                const last = block.columns.at(-1);
                if (last) actions.run(removeColumn, { blockId: block.id, columnId: last.id });
              }}
            >
              Remove last column
            </Button>
          </div>
        </Fieldset>
      </InspectorSection>
      <CommonControls block={block} text={false} />
    </div>
  );
}
