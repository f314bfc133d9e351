import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CONTACT_MESSAGE_MAX } from '@thankly/api-contract/catalog';

/**
 * The message box with its counter. The public site's script (site/islands/contact.ts) drives
 * this same markup without React, so its structure and ids stay as they are.
 */
export function MessageField({
  field,
  value,
  error,
  disabled,
}: {
  /** The textarea as registered with the form. */
  field: UseFormRegisterReturn<'message'>;
  /** What it holds now, for the counter. */
  value: string;
  error: string | undefined;
  disabled: boolean;
}) {
  const messageId = useId();
  const counterId = `${messageId}-counter`;
  const messageErrorId = `${messageId}-error`;
  return (
    <div>
      <label htmlFor={messageId} className="mb-1 block text-sm font-medium text-slate-800">
        Message
      </label>
      <textarea
        id={messageId}
        {...field}
        rows={6}
        maxLength={CONTACT_MESSAGE_MAX}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${counterId}${error ? ` ${messageErrorId}` : ''}`}
        className={`focus-ring block w-full rounded-lg border px-3 py-2 text-base shadow-sm sm:text-sm ${
          error ? 'border-red-500' : 'border-slate-300'
        }`}
      />
      <div className="mt-1 flex justify-between gap-4">
        <p id={messageErrorId} className="text-sm text-red-700">
          {error ?? ''}
        </p>
        <p id={counterId} className="shrink-0 text-xs text-slate-500">
          {/* One text node, as the public site's script writes it. */}
          {`${value.length}/${CONTACT_MESSAGE_MAX}`}
        </p>
      </div>
    </div>
  );
}
