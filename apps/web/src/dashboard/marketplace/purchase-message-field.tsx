// One purchase message text: the box, its live count against Etsy's limit as buyers get it, the
// rule it breaks (in the seller's words) and a preview of how Etsy shows it. Used for the regular
// message and for dated ones.
import { useId } from 'react';
import {
  PURCHASE_MESSAGE_MAX_CHARS,
  type PurchaseMessage,
  purchaseMessageLength,
  purchaseMessageProblem,
  renderPurchaseMessage,
} from '@thankly/api-contract';

export const PURCHASE_MESSAGE_FIELD_TEXTS = {
  preview: 'How Etsy shows it',
  emptyPreview: 'Etsy sends no message when this is empty.',
} as const;

export function count(text: string, values: PurchaseMessage['tokenValues']) {
  return purchaseMessageLength(renderPurchaseMessage(text, values));
}

export function MessageField({
  label,
  value,
  onChange,
  tokenValues,
  emptyPreview = PURCHASE_MESSAGE_FIELD_TEXTS.emptyPreview,
}: {
  label: string;
  /** What the preview says for an empty text. */
  emptyPreview?: string;
  value: string;
  onChange: (value: string) => void;
  tokenValues: PurchaseMessage['tokenValues'];
}) {
  const id = useId();
  const length = count(value, tokenValues);
  const over = length > PURCHASE_MESSAGE_MAX_CHARS;
  const problem = purchaseMessageProblem(value);
  const rendered = renderPurchaseMessage(value, tokenValues);
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block text-xs font-semibold text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        rows={5}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={over || problem ? true : undefined}
        aria-describedby={`${id}-count${problem ? ` ${id}-problem` : ''}`}
        className="focus-ring mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base sm:text-sm"
      />
      <p
        id={`${id}-count`}
        className={`mt-1 text-xs ${over ? 'font-semibold text-red-700' : 'text-slate-500'}`}
      >
        {length.toLocaleString('en-US')} / {PURCHASE_MESSAGE_MAX_CHARS.toLocaleString('en-US')}{' '}
        characters as buyers get it
      </p>
      {problem ? (
        <p id={`${id}-problem`} className="mt-1 text-xs text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="mt-2">
        <p className="text-xs font-semibold text-slate-600">
          {PURCHASE_MESSAGE_FIELD_TEXTS.preview}
        </p>
        <div
          data-testid="etsy-preview"
          className="mt-1 rounded-md border border-slate-200 bg-slate-50 p-3 font-sans text-sm leading-relaxed whitespace-pre-wrap break-words text-slate-800"
        >
          {rendered.trim() === '' ? (
            <span className="text-slate-500 italic">{emptyPreview}</span>
          ) : (
            rendered
          )}
        </div>
      </div>
    </div>
  );
}
