import { BrandColorField } from './brand-color-field.tsx';
import type { BrandErrors, BrandForm } from './brand-form.ts';
import { ContrastHint } from './contrast-hint.tsx';

type Colours = Pick<BrandForm, 'primaryColor' | 'backgroundColor' | 'textColor'>;

/** The brand's three colours, then whether its text reads on its background. */
export function BrandColourFields({
  form,
  errors,
  onChange,
}: {
  form: Colours;
  errors: BrandErrors;
  onChange: (patch: Partial<Colours>) => void;
}) {
  return (
    <>
      <div className="space-y-4">
        <BrandColorField
          label="Primary colour"
          hint="Buttons, links and accents."
          value={form.primaryColor}
          error={errors.primaryColor}
          onChange={(primaryColor) => onChange({ primaryColor })}
        />
        <BrandColorField
          label="Background colour"
          hint="Behind the email."
          value={form.backgroundColor}
          error={errors.backgroundColor}
          onChange={(backgroundColor) => onChange({ backgroundColor })}
        />
        <BrandColorField
          label="Text colour"
          hint="Headings and paragraphs."
          value={form.textColor}
          error={errors.textColor}
          onChange={(textColor) => onChange({ textColor })}
        />
      </div>
      <ContrastHint text={form.textColor.trim()} background={form.backgroundColor.trim()} />
    </>
  );
}
