import { type RefObject, useCallback, useEffect, useRef } from 'react';
import type { BlockOfType } from '@thankly/email';
import { setImageNaturalSize } from '../../model/commands.ts';
import { useEditorActions } from '../../store/use-editor.ts';
import { Field, TextField, controlClass, useDensity } from '../../../components/ui/index.ts';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { useDraft } from '../../../components/ui/use-draft.ts';
import { CommonControls } from '../shared/common-controls.tsx';
import { InspectorSection } from '../../inspector/inspector-section.tsx';
import { useBlockUpdate } from '../shared/use-block-update.ts';
import type { EditorBlock } from '../editor-block.ts';
import { ImageUploadField } from '../../../media/image-upload-field.tsx';

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

/** Pixels, digits only (spec section 5); empty means automatic. */
function PixelsField({
  label,
  value,
  max,
  onChange,
}: {
  label: string;
  value: number | 'auto';
  max: number;
  onChange: (value: number | 'auto') => void;
}) {
  const density = useDensity();
  const [draft, setDraft] = useDraft(value === 'auto' ? '' : String(value));
  return (
    <Field label={`${label} (px)`}>
      {(control) => (
        <input
          {...control}
          inputMode="numeric"
          pattern="[0-9]*"
          placeholder="auto"
          value={draft}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '').slice(0, 4);
            setDraft(digits);
            const n = Number(digits);
            onChange(digits === '' || n === 0 ? 'auto' : Math.min(max, n));
          }}
          className={controlClass(density)}
        />
      )}
    </Field>
  );
}

/**
 * Keeps the block's stored natural size equal to what the browser measured for its picture: when
 * it loads, and again whenever the stored size changes under a loaded picture (an undo to a state
 * measured before). The server never fetches images, so this is where the size comes from.
 */
function useNaturalSize(
  ref: RefObject<HTMLImageElement | null>,
  block: {
    id: string;
    naturalWidth: number | null;
    naturalHeight: number | null;
  },
) {
  const actions = useEditorActions();
  const { id, naturalWidth, naturalHeight } = block;
  const measure = useCallback(() => {
    const img = ref.current;
    if (!img?.complete || img.naturalWidth === 0) return;
    if (img.naturalWidth === naturalWidth && img.naturalHeight === naturalHeight) return;
    actions.run(setImageNaturalSize, {
      id,
      width: img.naturalWidth,
      height: img.naturalHeight,
    });
  }, [actions, ref, id, naturalWidth, naturalHeight]);
  useEffect(measure, [measure]);
  return measure;
}

function ImageCanvas({ block }: { block: BlockOfType<'image'> }) {
  const ref = useRef<HTMLImageElement>(null);
  const onLoad = useNaturalSize(ref, block);
  const width =
    block.width === 'full' ? '100%' : typeof block.width === 'number' ? block.width : undefined;
  const margin = block.align === 'center' ? '0 auto' : block.align === 'right' ? '0 0 0 auto' : 0;
  return (
    <img
      ref={ref}
      onLoad={onLoad}
      src={block.src}
      alt={block.alt}
      style={{
        display: 'block',
        margin,
        width,
        maxWidth: '100%',
        height: typeof block.height === 'number' ? block.height : 'auto',
        verticalAlign: block.vAlign,
      }}
    />
  );
}

export const imageEditor: EditorBlock<'image'> = {
  Canvas({ block }) {
    if (!block.src.trim()) {
      return (
        <div className="flex h-24 items-center justify-center rounded border-2 border-dashed border-slate-300 bg-slate-50 text-sm text-slate-500">
          Image: upload or drop a picture here
        </div>
      );
    }
    return <ImageCanvas block={block} />;
  },
  Inspector({ block }) {
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
            onChange={(e) =>
              update({ src: e.target.value, naturalWidth: null, naturalHeight: null })
            }
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
              max={1200}
              onChange={(width) => update({ width: width === 'auto' ? 'auto' : width })}
            />
          ) : null}
          <PixelsField
            label="Height"
            value={block.height}
            max={2000}
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
  },
};
