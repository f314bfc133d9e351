import { controlClass } from './looks.ts';
import { useDensity } from './density.tsx';
import { Field } from './field.tsx';
import { useDraft } from './use-draft.ts';

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
  const density = useDensity();
  const [draft, setDraft, resetDraft] = useDraft(String(value));
  return (
    <Field label={suffix ? `${label} (${suffix})` : label}>
      {(control) => (
        <input
          {...control}
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
          className={controlClass(density)}
        />
      )}
    </Field>
  );
}
