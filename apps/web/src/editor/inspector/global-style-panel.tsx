// Style tab: the design's global settings (spec section 2, "Style (global)").
import { ApplyBrand } from '../../brand/apply-brand.tsx';
import { updateGlobalStyle } from '../model/commands.ts';
import { selectGlobal, useEditor, useEditorActions } from '../store/use-editor.ts';
import { SelectField, Switch, TextField } from '../../components/ui/index.ts';
import { ColorField } from '../../components/ui/color-field.tsx';
import { RangeField } from '../../components/ui/range-field.tsx';
import { fontOptions } from '../../lib/font-options.ts';
import { DESIGN_RANGES } from '@thankly/email';

export function GlobalStylePanel() {
  const global = useEditor(selectGlobal);
  const actions = useEditorActions();
  const set = (patch: Parameters<typeof updateGlobalStyle.apply>[1]['patch']) =>
    actions.run(updateGlobalStyle, { patch });
  return (
    <div className="space-y-4">
      <ApplyBrand />
      <ColorField
        label="Background color"
        value={global.backdropColor}
        onChange={(backdropColor) => set({ backdropColor })}
      />
      <Switch
        label="Background image"
        checked={global.enableBackdropImage}
        onChange={(enableBackdropImage) => set({ enableBackdropImage })}
      />
      {global.enableBackdropImage ? (
        <TextField
          label="Background image URL"
          type="url"
          value={global.backdropImage}
          placeholder="https://…"
          onChange={(e) => set({ backdropImage: e.target.value })}
        />
      ) : null}
      <ColorField
        label="Canvas color"
        value={global.canvasColor}
        onChange={(canvasColor) => set({ canvasColor })}
      />
      <Switch
        label="Canvas border"
        checked={global.canvasBorderSwitch}
        onChange={(canvasBorderSwitch) => set({ canvasBorderSwitch })}
      />
      <ColorField
        label="Canvas border color"
        value={global.canvasBorderColor}
        allowEmpty={false}
        onChange={(canvasBorderColor) => set({ canvasBorderColor })}
      />
      <RangeField
        label="Canvas border radius"
        suffix="px"
        {...DESIGN_RANGES.canvasRadius}
        value={global.canvasRadius}
        onChange={(canvasRadius) => set({ canvasRadius })}
        onCommit={actions.endBurst}
      />
      <SelectField
        label="Font family"
        value={global.fontFamily}
        options={fontOptions(global.fontFamily)}
        onChange={(fontFamily) => set({ fontFamily })}
      />
      <ColorField
        label="Text color"
        value={global.textColor}
        allowEmpty={false}
        onChange={(textColor) => set({ textColor })}
      />
      <RangeField
        label="Canvas vertical margin"
        suffix="px"
        {...DESIGN_RANGES.canvasYMargin}
        value={global.canvasYMargin}
        onChange={(canvasYMargin) => set({ canvasYMargin })}
        onCommit={actions.endBurst}
      />
    </div>
  );
}
