import { controlClass } from './looks.ts';
import { useDensity } from './density.tsx';
import { Field } from './field.tsx';
import { useDraft } from './use-draft.ts';

const COLOR =
  /^(|transparent|#[0-9a-fA-F]{3,4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|rgba?\([\d\s.,%]+\))$/;

/** The native picker takes only #rrggbb: anything else shows as white until a colour is picked. */
function toSwatch(value: string): string {
  if (/^#[0-9a-fA-F]{6}$/.test(value)) return value.toLowerCase();
  if (/^#[0-9a-fA-F]{3}$/.test(value)) {
    const [, r, g, b] = value;
    return `#${r}${r}${g}${g}${b}${b}`.toLowerCase();
  }
  return '#ffffff';
}

/**
 * A colour: a swatch picker plus the text value; empty means none (transparent / inherited).
 * What the seller is still typing stays local until it is a colour.
 */
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
  const density = useDensity();
  const [draft, setDraft, resetDraft] = useDraft(value);
  const invalid = !COLOR.test(draft.trim()) || (!allowEmpty && !draft.trim());
  return (
    <Field label={label}>
      {({ id }) => (
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
            className={controlClass(density, invalid, 'font-mono')}
          />
        </div>
      )}
    </Field>
  );
}
