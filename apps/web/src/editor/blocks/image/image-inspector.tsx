import { type BlockOfType, DESIGN_RANGES } from '@thankly/email';
import { TextField } from '../../../components/ui/index.ts';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { ImageUploadField } from '../../../media/image-upload-field.tsx';
import { InspectorSection } from '../../inspector/inspector-section.tsx';
import { CommonControls } from '../shared/common-controls.tsx';
import { useBlockUpdate } from '../shared/use-block-update.ts';
import { PixelsField } from './pixels-field.tsx';

const WIDTH_MODES = [
  { value: 'auto', label: 'Auto' },
  { value: 'full', label: 'Full' },
  { value: 'custom', label: 'Pixels' },
] as const;

const V_ALIGN = [
  { value: 'top', label: 'Top' },
  { value: 'middle', label: 'Middle' },
  { value: 'bottom', label: 'Bottom' },
] as const;

export function ImageInspector({ block }: { block: BlockOfType<'image'> }) {
  const update = useBlockUpdate(block.id);
  const mode = typeof block.width === 'number' ? 'custom' : block.width;
  return (
    <div>
      <InspectorSection title="Content" defaultOpen>
        <ImageUploadField
          label="Image"
          value={block.src}
          onChoose={(media) =>
            update({ src: media.url, naturalWidth: media.width, naturalHeight: media.height })
          }
        />
        <TextField
          label="Image URL"
          type="url"
          value={block.src}
          placeholder="https://…"
          // A new picture has a size of its own: the old one is dropped until it loads.
          onChange={(e) => update({ src: e.target.value, naturalWidth: null, naturalHeight: null })}
        />
        <TextField
          label="Alt text"
          value={block.alt}
          onChange={(e) => update({ alt: e.target.value })}
        />
        {block.src.trim() && !block.alt.trim() ? (
          <p
            role="status"
            className="rounded-md border border-amber-200 bg-amber-50 px-2 py-1.5 text-xs text-amber-900"
          >
            This image has no alt text. Many mail apps block images at first, and screen readers
            read the alt text aloud: describe the picture in a few words, e.g. “Juniper & Clay
            logo”.
          </p>
        ) : null}
        <TextField
          label="Link (click-through)"
          value={block.href}
          placeholder="https://… or [shop-url]"
          onChange={(e) => update({ href: e.target.value })}
        />
      </InspectorSection>
      <InspectorSection title="Image size" defaultOpen>
        <Segmented
          label="Image width"
          value={mode}
          options={WIDTH_MODES}
          onChange={(next) =>
            update({
              width:
                next === 'custom' ? (typeof block.width === 'number' ? block.width : 200) : next,
            })
          }
        />
        {typeof block.width === 'number' ? (
          <PixelsField
            label="Width"
            value={block.width}
            max={DESIGN_RANGES.imageWidth.max}
            onChange={(width) => update({ width: width === 'auto' ? 'auto' : width })}
          />
        ) : null}
        <PixelsField
          label="Height"
          value={block.height}
          max={DESIGN_RANGES.imageHeight.max}
          onChange={(height) => update({ height })}
        />
        <Segmented
          label="Vertical alignment"
          value={block.vAlign}
          options={V_ALIGN}
          onChange={(vAlign) => update({ vAlign })}
        />
      </InspectorSection>
      <CommonControls block={block} text={false} />
    </div>
  );
}
