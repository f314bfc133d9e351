import { Field, controlClass, useDensity } from '../../../components/ui/index.ts';
import { useDraft } from '../../../components/ui/use-draft.ts';

/** Pixels, digits only (spec section 5); empty means automatic. */
export function PixelsField({
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
