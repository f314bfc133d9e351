// Settings every block has (spec section 3, "Block (common)"): width, colours, padding, radii,
// alignment, font and weight. Each block's inspector shows its own settings, then these, grouped:
// Layout open (width and alignment are changed most), Colours, Typography and Spacing collapsed.
// Last, where the block shows (email, printed card, marketplace message): always in view.
import { type CommonBlock, DESIGN_RANGES } from '@thankly/email';
import { resizeBlock } from '../../model/commands.ts';
import { WIDTH_SLIDER_MIN, WIDTH_SNAP_MARKS } from '../../model/snap.ts';
import { useEditorActions } from '../../store/use-editor.ts';
import { SelectField } from '../../../components/ui/index.ts';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { ColorField } from '../../../components/ui/color-field.tsx';
import { RangeField } from '../../../components/ui/range-field.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { SidesField } from '../../../components/ui/sides-field.tsx';
import { fontOptions } from '../../../lib/font-options.ts';
import { InspectorSection } from '../../inspector/inspector-section.tsx';
import { useBlockUpdate } from './use-block-update.ts';

export const ALIGN_OPTIONS = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Center' },
  { value: 'right', label: 'Right' },
] as const;

const WEIGHT_OPTIONS = [
  { value: 'normal', label: 'Normal' },
  { value: '300', label: 'Light (300)' },
  { value: '500', label: 'Medium (500)' },
  { value: '600', label: 'Semibold (600)' },
  { value: 'bold', label: 'Bold' },
  { value: '800', label: 'Extra bold (800)' },
] as const;

const PADDING_LABELS = { top: 'Top', right: 'Right', bottom: 'Bottom', left: 'Left' } as const;
const RADII_LABELS = {
  topLeft: 'Top left',
  topRight: 'Top right',
  bottomRight: 'Bottom right',
  bottomLeft: 'Bottom left',
} as const;

type ChannelField = 'hideInEmail' | 'hideOnCard' | 'hideInMessage';

/** The ways a buyer is thanked, each with the field that leaves a block out of it. */
export const SHOW_IN: ReadonlyArray<{ field: ChannelField; label: string; hint?: string }> = [
  { field: 'hideInEmail', label: 'Email' },
  {
    field: 'hideOnCard',
    label: 'Printed card',
    hint: 'Printed cards show buttons as a QR code; leave off what makes no sense on paper.',
  },
  {
    field: 'hideInMessage',
    label: 'Marketplace message',
    hint: 'Messages are plain words: pictures and dividers never show there.',
  },
];

/** Where the block shows: every channel unless the seller unticks one. */
function ShowInField({ block }: { block: CommonBlock }) {
  const update = useBlockUpdate(block.id);
  const actions = useEditorActions();
  return (
    <fieldset className="space-y-2 border-t border-slate-200 pt-3">
      <legend className="text-xs font-semibold text-slate-700">Show this block in</legend>
      {SHOW_IN.map(({ field, label, hint }) => (
        <CheckboxField
          key={field}
          label={label}
          hint={hint}
          checked={block[field] !== true}
          onChange={(shown) => {
            // Shown, the field is undefined rather than false: the saved JSON reads as a block
            // that never had it.
            update({ [field]: shown ? undefined : true });
            // Each click is its own undo step, even two in quick succession.
            actions.endBurst();
          }}
        />
      ))}
    </fieldset>
  );
}

export interface CommonControlsOptions {
  /** Text colour, font and weight make no sense for spacers and images. */
  text?: boolean;
  /** The label of `color` when it is not a text colour (a divider's line). */
  colorLabel?: string;
}

export function CommonControls({
  block,
  text = true,
  colorLabel,
}: { block: CommonBlock } & CommonControlsOptions) {
  const update = useBlockUpdate(block.id);
  const actions = useEditorActions();
  const weights = WEIGHT_OPTIONS.some((o) => o.value === block.fontWeight)
    ? WEIGHT_OPTIONS
    : [...WEIGHT_OPTIONS, { value: block.fontWeight, label: block.fontWeight }];
  return (
    <>
      <InspectorSection title="Layout" defaultOpen>
        <RangeField
          label="Block width"
          suffix="%"
          min={WIDTH_SLIDER_MIN}
          max={DESIGN_RANGES.editableBlockWidth.max}
          marks={WIDTH_SNAP_MARKS}
          value={Math.max(WIDTH_SLIDER_MIN, Math.round(block.widthPct))}
          onChange={(widthPct) => actions.run(resizeBlock, { id: block.id, widthPct })}
          onCommit={actions.endBurst}
        />
        <Segmented
          label="Alignment"
          value={block.align}
          options={ALIGN_OPTIONS}
          onChange={(align) => update({ align })}
        />
      </InspectorSection>
      <InspectorSection title="Colours">
        <ColorField
          label="Background"
          value={block.background}
          onChange={(background) => update({ background })}
        />
        {text || colorLabel ? (
          <ColorField
            label={colorLabel ?? 'Text color'}
            value={block.color}
            onChange={(color) => update({ color })}
          />
        ) : null}
      </InspectorSection>
      {text ? (
        <InspectorSection title="Typography">
          <SelectField
            label="Font"
            value={block.fontFamily}
            options={fontOptions(block.fontFamily, { inherit: true })}
            onChange={(fontFamily) => update({ fontFamily })}
          />
          <SelectField
            label="Weight"
            value={block.fontWeight}
            options={weights}
            onChange={(fontWeight) =>
              update({ fontWeight: fontWeight as CommonBlock['fontWeight'] })
            }
          />
        </InspectorSection>
      ) : null}
      <InspectorSection title="Spacing and corners">
        <SidesField
          legend="Padding"
          value={block.padding}
          labels={PADDING_LABELS}
          onChange={(padding) => update({ padding })}
        />
        <SidesField
          legend="Corner radius"
          value={block.radii}
          labels={RADII_LABELS}
          onChange={(radii) => update({ radii })}
        />
      </InspectorSection>
      <ShowInField block={block} />
    </>
  );
}
