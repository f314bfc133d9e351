import { useDensity } from './density.tsx';

const looks = {
  regular: {
    group: 'inline-flex rounded-lg border border-slate-300 bg-white p-0.5',
    option: 'rounded-md px-3 py-1.5 text-sm font-medium',
    pressed: 'bg-slate-900 text-white',
  },
  compact: {
    group: 'inline-flex flex-wrap rounded-md border border-slate-300 bg-white p-0.5',
    option: 'rounded px-2.5 py-1 text-xs font-medium',
    pressed: 'bg-brand-600 text-white',
  },
} as const;

/**
 * A row of toggle buttons, one pressed: alignment, size, heading level in the inspector; device,
 * colour scheme and view above the canvas. `labelVisible={false}` where the options say it all.
 */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  labelVisible = true,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  labelVisible?: boolean;
}) {
  const look = looks[useDensity()];
  const group = (
    <div role="group" aria-label={label} className={look.group}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={`focus-ring ${look.option} ${
            value === o.value ? look.pressed : 'text-slate-700 hover:bg-slate-100'
          }`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
  if (!labelVisible) return group;
  return (
    <div className="space-y-1">
      <span className="block text-xs font-semibold text-slate-700">{label}</span>
      {group}
    </div>
  );
}
