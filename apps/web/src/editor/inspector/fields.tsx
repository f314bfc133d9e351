// Small labelled controls the inspector panels are built from. Each calls `onChange` with a valid
// value only; what the seller is still typing stays local until it is valid.
import { useId, type ReactNode } from 'react';
import { useDraft } from './use-draft.ts';

const inputClass =
  'focus-ring block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm';

export function FieldRow({
  label,
  htmlFor,
  children,
}: {
  label: string;
  htmlFor?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={htmlFor} className="block text-xs font-semibold text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}

export function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-xs font-semibold text-slate-700">{legend}</legend>
      {children}
    </fieldset>
  );
}

const COLOR =
  /^(|transparent|#[0-9a-fA-F]{3,4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|rgba?\([\d\s.,%]+\))$/;

function toSwatch(value: string): string {
  if (/^#[0-9a-fA-F]{6}$/.test(value)) return value.toLowerCase();
  if (/^#[0-9a-fA-F]{3}$/.test(value)) {
    const [, r, g, b] = value;
    return `#${r}${r}${g}${g}${b}${b}`.toLowerCase();
  }
  return '#ffffff';
}

/** A colour: a swatch picker plus the text value; empty means none (transparent / inherited). */
export function ColorField({
  label,
  value,
  onChange,
  allowEmpty = true,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  allowEmpty?: boolean;
}) {
  const id = useId();
  const [draft, setDraft, resetDraft] = useDraft(value);
  const invalid = !COLOR.test(draft.trim()) || (!allowEmpty && !draft.trim());
  return (
    <FieldRow label={label} htmlFor={id}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={toSwatch(value)}
          onChange={(e) => onChange(e.target.value)}
          className="focus-ring h-8 w-10 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
        />
        <input
          id={id}
          value={draft}
          placeholder={allowEmpty ? 'none' : '#000000'}
          aria-invalid={invalid || undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            const next = e.target.value.trim();
            if (COLOR.test(next) && (allowEmpty || next)) onChange(next);
          }}
          onBlur={resetDraft}
          className={`${inputClass} font-mono ${invalid ? 'border-red-500' : ''}`}
        />
      </div>
    </FieldRow>
  );
}

/** A whole number within a range; digits only. Commits while typing once the number is valid. */
export function NumberField({
  label,
  value,
  min,
  max,
  onChange,
  suffix,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  suffix?: string;
}) {
  const id = useId();
  const [draft, setDraft, resetDraft] = useDraft(String(value));
  return (
    <FieldRow label={suffix ? `${label} (${suffix})` : label} htmlFor={id}>
      <input
        id={id}
        inputMode="numeric"
        pattern="[0-9]*"
        value={draft}
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, '');
          setDraft(digits);
          if (digits === '') return;
          onChange(Math.min(max, Math.max(min, Number(digits))));
        }}
        onBlur={resetDraft}
        className={inputClass}
      />
    </FieldRow>
  );
}

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
  onCommit?: () => void;
  marks?: readonly number[];
  suffix?: string;
}) {
  const id = useId();
  const listId = `${id}-marks`;
  return (
    <FieldRow label={label} htmlFor={id}>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="range"
          min={min}
          max={max}
          value={value}
          list={marks ? listId : undefined}
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
        <datalist id={listId}>
          {marks.map((mark) => (
            <option key={mark} value={mark} label={`${mark}${suffix}`} />
          ))}
        </datalist>
      ) : null}
    </FieldRow>
  );
}

export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <FieldRow label={label} htmlFor={id}>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        className={inputClass}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldRow>
  );
}

/** A row of toggle buttons, one pressed: alignment, size, shape, heading level. */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="space-y-1">
      <span className="block text-xs font-semibold text-slate-700">{label}</span>
      <div
        role="group"
        aria-label={label}
        className="inline-flex flex-wrap rounded-md border border-slate-300 bg-white p-0.5"
      >
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            aria-pressed={value === o.value}
            onClick={() => onChange(o.value)}
            className={`focus-ring rounded px-2.5 py-1 text-xs font-medium ${
              value === o.value ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'
            }`}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}

export function Switch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onChange(!checked)}
      className="focus-ring flex w-full items-center justify-between gap-3 rounded-md py-1 text-sm text-slate-800"
    >
      <span className="text-xs font-semibold text-slate-700">{label}</span>
      <span
        aria-hidden="true"
        className={`relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors ${checked ? 'bg-brand-600' : 'bg-slate-300'}`}
      >
        <span
          className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-4' : 'translate-x-0.5'}`}
        />
      </span>
    </button>
  );
}

export function TextInputField({
  label,
  value,
  onChange,
  placeholder,
  type = 'text',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  type?: 'text' | 'url';
}) {
  const id = useId();
  return (
    <FieldRow label={label} htmlFor={id}>
      <input
        id={id}
        type={type}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
      />
    </FieldRow>
  );
}

type Sides<K extends string> = Record<K, number>;

/** Four pixel values (padding sides or corner radii) in a 2x2 grid. */
export function SidesField<K extends string>({
  legend,
  value,
  labels,
  max = 200,
  onChange,
}: {
  legend: string;
  value: Sides<K>;
  labels: Record<K, string>;
  max?: number;
  onChange: (value: Sides<K>) => void;
}) {
  return (
    <Fieldset legend={legend}>
      <div className="grid grid-cols-2 gap-2">
        {(Object.keys(labels) as K[]).map((key) => (
          <NumberField
            key={key}
            label={labels[key]}
            value={value[key]}
            min={0}
            max={max}
            suffix="px"
            onChange={(n) => onChange({ ...value, [key]: n })}
          />
        ))}
      </div>
    </Fieldset>
  );
}
