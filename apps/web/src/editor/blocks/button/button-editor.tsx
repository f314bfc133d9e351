import { BUTTON_SIZES, TEXT_FONT_SIZES, buttonRadius } from '@thankly/email';
import { SelectField, TextField } from '../../../components/ui/index.ts';
import { ColorField } from '../../../components/ui/color-field.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { canvasTextStyle } from '../shared/canvas-style.ts';
import { CommonControls } from '../shared/common-controls.tsx';
import { InspectorSection } from '../../inspector/inspector-section.tsx';
import { useBlockUpdate } from '../shared/use-block-update.ts';
import type { EditorBlock } from '../editor-block.ts';
import { TokenText } from '../../tokens/token-text.tsx';

const SIZES = [
  { value: 'xs', label: 'XS' },
  { value: 'sm', label: 'S' },
  { value: 'md', label: 'M' },
  { value: 'lg', label: 'L' },
] as const;

const SHAPES = [
  { value: 'rectangle', label: 'Rectangle' },
  { value: 'rounded', label: 'Rounded' },
  { value: 'pill', label: 'Pill' },
] as const;

const WIDTHS = [
  { value: 'auto', label: 'Fit text' },
  { value: 'full', label: 'Full width' },
] as const;

export const buttonEditor: EditorBlock<'button'> = {
  Canvas({ block, global }) {
    const size = BUTTON_SIZES[block.size];
    const isFull = block.width === 'full';
    return (
      <span
        style={{
          ...canvasTextStyle(block, global),
          display: isFull ? 'block' : 'inline-block',
          textAlign: 'center',
          color: block.textColor || '#ffffff',
          background: block.buttonColor || undefined,
          borderRadius: buttonRadius(block.style),
          padding: `${size.paddingY}px ${size.paddingX}px`,
          fontSize: block.fontSize ?? size.fontSize,
          lineHeight: 1.2,
          overflowWrap: 'anywhere',
        }}
      >
        <TokenText text={block.text} />
      </span>
    );
  },
  Inspector({ block }) {
    const update = useBlockUpdate(block.id);
    // 'square' is an older name for the rectangle shape.
    const shape = block.style === 'square' ? 'rectangle' : block.style;
    const fontSizes = [
      { value: '', label: `From size (${BUTTON_SIZES[block.size].fontSize}px)` },
      ...TEXT_FONT_SIZES.map((s) => ({ value: String(s), label: `${s}px` })),
    ];
    return (
      <div>
        <InspectorSection title="Content" defaultOpen>
          <TextField
            label="Button text"
            value={block.text}
            onChange={(e) => update({ text: e.target.value })}
          />
          <TextField
            label="Link URL"
            value={block.url}
            placeholder="https://… or [shop-url]"
            onChange={(e) => update({ url: e.target.value })}
          />
        </InspectorSection>
        <InspectorSection title="Button style" defaultOpen>
          <Segmented
            label="Button width"
            value={block.width}
            options={WIDTHS}
            onChange={(width) => update({ width })}
          />
          <Segmented
            label="Size"
            value={block.size}
            options={SIZES}
            onChange={(size) => update({ size })}
          />
          <Segmented
            label="Shape"
            value={shape}
            options={SHAPES}
            onChange={(style) => update({ style })}
          />
          <ColorField
            label="Button color"
            value={block.buttonColor}
            onChange={(buttonColor) => update({ buttonColor })}
          />
          <ColorField
            label="Label color"
            value={block.textColor}
            onChange={(textColor) => update({ textColor })}
          />
          <SelectField
            label="Font size"
            value={block.fontSize === undefined ? '' : String(block.fontSize)}
            options={fontSizes}
            onChange={(v) => update({ fontSize: v === '' ? undefined : Number(v) })}
          />
        </InspectorSection>
        <CommonControls block={block} text />
      </div>
    );
  },
};
