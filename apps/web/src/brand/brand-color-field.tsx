// A brand colour: the native picker and a #rrggbb text field showing the same value. The picker
// sets the text; the text moves the picker once it is a whole colour. Errors show under the field.
import { useId } from 'react';
import { isHexColor } from './brand-form.ts';

export function BrandColorField({
  label,
  value,
  error,
  hint,
  onChange,
}: {
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const trimmed = value.trim();
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <input
          type="color"
          aria-label={`${label} picker`}
          // A field not set yet shows a neutral swatch; choosing in the picker sets it.
          value={isHexColor(trimmed) ? trimmed.toLowerCase() : '#ffffff'}
          onChange={(e) => onChange(e.target.value)}
          className="focus-ring h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
        <input
          id={id}
          value={value}
          placeholder="Not set"
          spellCheck={false}
          autoComplete="off"
          maxLength={7}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(e) => onChange(e.target.value)}
          className={`focus-ring block w-36 min-w-0 rounded-lg border px-3 py-2 font-mono text-base shadow-sm sm:text-sm ${
            error ? 'border-red-500' : 'border-slate-300'
          }`}
        />
        {hint ? (
          <p id={hintId} className="basis-full text-xs text-slate-500 sm:basis-auto">
            {hint}
          </p>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
