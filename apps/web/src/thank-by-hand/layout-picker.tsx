// The paper to print on: native radios (arrow keys move between them), each with its description,
// then the fold and the bleed, which only card stock takes. The choice is the seller's, remembered
// on the server for every device they print from.
import { useId } from 'react';
import {
  CARD_LAYOUTS,
  CARD_LAYOUT_INFO,
  type CardLayout,
  isCardStockLayout,
} from '@thankly/api-contract';
import type { PrintFormat } from './card-layouts.ts';

export const FORMAT_TEXTS = {
  fold: 'Folded card',
  foldHint:
    'Printed on a sheet twice as wide, folded in half: your thank-you on the front, the greeting and QR code on the back.',
  bleed: 'Bleed and crop marks',
  bleedHint:
    'For card stock you cut yourself or at a print shop: the colour runs 3 mm past each edge, with marks where to cut.',
  cardStockOnly: 'Only single cards fold or take bleed.',
} as const;

export function LayoutPicker({
  value,
  onChange,
}: {
  value: PrintFormat;
  onChange: (format: PrintFormat) => void;
}) {
  const id = useId();
  const cardStock = isCardStockLayout(value.layout);
  const choose = (layout: CardLayout) => onChange({ ...value, layout });
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-slate-900">Card size</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {CARD_LAYOUTS.map((layout) => {
          const info = CARD_LAYOUT_INFO[layout];
          const inputId = `${id}-${layout}`;
          return (
            <label
              key={layout}
              htmlFor={inputId}
              className="flex cursor-pointer gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-slate-400 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input
                id={inputId}
                type="radio"
                name={`${id}-layout`}
                value={layout}
                checked={value.layout === layout}
                onChange={() => choose(layout)}
                aria-describedby={`${inputId}-description`}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
              />
              <span>
                <span className="block text-sm font-semibold text-slate-900">{info.label}</span>
                <span id={`${inputId}-description`} className="mt-1 block text-xs text-slate-600">
                  {info.description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Option
          label={FORMAT_TEXTS.fold}
          hint={cardStock ? FORMAT_TEXTS.foldHint : FORMAT_TEXTS.cardStockOnly}
          checked={cardStock && value.fold}
          disabled={!cardStock}
          onChange={(fold) => onChange({ ...value, fold })}
        />
        <Option
          label={FORMAT_TEXTS.bleed}
          hint={cardStock ? FORMAT_TEXTS.bleedHint : FORMAT_TEXTS.cardStockOnly}
          checked={cardStock && value.bleed}
          disabled={!cardStock}
          onChange={(bleed) => onChange({ ...value, bleed })}
        />
      </div>
    </fieldset>
  );
}

function Option({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={`flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${
        disabled
          ? 'cursor-not-allowed opacity-60'
          : 'cursor-pointer hover:border-slate-400 has-[:checked]:border-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600'
      }`}
    >
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
      />
      <span>
        <span className="block text-sm font-semibold text-slate-900">{label}</span>
        <span id={`${id}-hint`} className="mt-1 block text-xs text-slate-600">
          {hint}
        </span>
      </span>
    </label>
  );
}
