import type { ComponentProps, ReactNode } from 'react';
import { controlClass } from './looks.ts';
import { useDensity } from './density.tsx';
import { Field } from './field.tsx';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
}

/** A labelled text input; its error and hint are tied to it for screen readers. */
export function TextField({
  label,
  error,
  hint,
  className = '',
  'aria-invalid': markedInvalid,
  ...input
}: TextFieldProps) {
  const density = useDensity();
  const invalid = Boolean(error) || markedInvalid === true || markedInvalid === 'true';
  return (
    <Field label={label} hint={hint} error={error} invalid={invalid} className={className}>
      {(control) => <input {...control} className={controlClass(density, invalid)} {...input} />}
    </Field>
  );
}
