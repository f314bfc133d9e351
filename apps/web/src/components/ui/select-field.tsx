import type { ComponentProps, ReactNode } from 'react';
import { controlClass } from './looks.ts';
import { useDensity } from './density.tsx';
import { Field } from './field.tsx';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
  /** The option's own language, so a screen reader says "Deutsch" in German. */
  lang?: string;
}

export function SelectField<T extends string>({
  label,
  hint,
  error,
  value,
  options,
  onChange,
  className,
  ...select
}: {
  label: string;
  hint?: ReactNode;
  /** Why the choice is refused, under the select. */
  error?: string | null;
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  className?: string;
} & Omit<ComponentProps<'select'>, 'id' | 'value' | 'onChange' | 'className' | 'children'>) {
  const density = useDensity();
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select
          {...control}
          {...select}
          value={value}
          onChange={(e) => onChange(e.target.value as T)}
          className={controlClass(density, Boolean(error))}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value} lang={o.lang}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
