// The one way a control is labelled: a label above, a hint and an error below, both tied to the
// control for screen readers. Every field of the kit is built on it.
import { useId, type ReactNode } from 'react';
import { labelClass } from './looks.ts';
import { useDensity } from './density.tsx';

/** What the control inside a `Field` spreads on itself. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export function Field({
  label,
  hint,
  error,
  invalid = false,
  className = '',
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Invalid with its message elsewhere (a form-level alert): marked all the same. */
  invalid?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const density = useDensity();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  const compact = density === 'compact';
  return (
    <div className={compact ? `space-y-1 ${className}`.trim() : className}>
      <label htmlFor={id} className={labelClass[density]}>
        {label}
      </label>
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': Boolean(error) || invalid || undefined,
      })}
      {hint ? (
        <p
          id={hintId}
          className={compact ? 'text-xs text-slate-500' : 'mt-1 text-xs text-slate-500'}
        >
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={compact ? 'text-xs text-red-700' : 'mt-1 text-sm text-red-700'}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Fieldset({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-xs font-semibold text-slate-700">{legend}</legend>
      {children}
    </fieldset>
  );
}
