// The paper to print on: native radios (arrow keys move between them), each with its description.
import { useId } from 'react';
import { CARD_LAYOUTS, CARD_LAYOUT_INFO, type CardLayout } from '@thankly/api-contract';

export function LayoutPicker({
  value,
  onChange,
}: {
  value: CardLayout;
  onChange: (layout: CardLayout) => void;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-slate-900">Paper</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
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
                checked={value === layout}
                onChange={() => onChange(layout)}
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
    </fieldset>
  );
}
