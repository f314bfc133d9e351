import { Field } from './field.tsx';

/** A slider with its number beside it; optional tick marks (a datalist) for snapping. */
export function RangeField({
  label,
  value,
  min,
  max,
  onChange,
  onCommit,
  marks,
  suffix = '',
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** The drag or key press is over: the editor ends one undo step here. */
  onCommit?: () => void;
  marks?: readonly number[];
  suffix?: string;
}) {
  return (
    <Field label={label}>
      {({ id }) => (
        <>
          <div className="flex items-center gap-3">
            <input
              id={id}
              type="range"
              min={min}
              max={max}
              value={value}
              list={marks ? `${id}-marks` : undefined}
              onChange={(e) => onChange(Number(e.target.value))}
              onPointerUp={onCommit}
              onKeyUp={onCommit}
              className="w-full accent-brand-600"
            />
            <output
              htmlFor={id}
              className="w-12 shrink-0 text-right text-sm tabular-nums text-slate-700"
            >
              {value}
              {suffix}
            </output>
          </div>
          {marks ? (
            <datalist id={`${id}-marks`}>
              {marks.map((mark) => (
                <option key={mark} value={mark} label={`${mark}${suffix}`} />
              ))}
            </datalist>
          ) : null}
        </>
      )}
    </Field>
  );
}
