import { useId, type ReactNode } from 'react';
import { useDensity } from './density.tsx';

/** A ticked box with its label beside it and an optional hint under the label. */
export function CheckboxField({
  label,
  checked,
  onChange,
  hint,
  className = '',
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  className?: string;
}) {
  const compact = useDensity() === 'compact';
  const hintId = useId();
  return (
    <div className={`space-y-1 ${className}`.trim()}>
      <label
        className={`flex items-center gap-2 ${
          compact ? 'text-xs font-semibold text-slate-700' : 'text-sm font-medium text-slate-800'
        }`}
      >
        <input
          type="checkbox"
          checked={checked}
          aria-describedby={hint ? hintId : undefined}
          onChange={(e) => onChange(e.target.checked)}
          className="h-4 w-4 shrink-0 accent-brand-600"
        />
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="pl-6 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
