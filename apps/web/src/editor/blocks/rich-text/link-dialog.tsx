// The link dialog: one address field. Empty closes it without a change (spec section 5); an address
// that cannot be a safe link (javascript:, spaces) is refused with a reason instead of being dropped.
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { normalizeLinkUrl } from './link-url.ts';

export const LINK_ERROR =
  'Use a web address (https://…), a mailto: or tel: link, or a link token like [shop-url].';

const input =
  'focus-ring block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm';
export const dialogButton =
  'focus-ring rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50';
export const primaryButton =
  'focus-ring rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700';

/** Escape closes a toolbar dialog without leaving the block (the editor's Escape deselects). */
export function onDialogKeyDown(event: KeyboardEvent, close: () => void) {
  if (event.key !== 'Escape') return;
  event.preventDefault();
  event.stopPropagation();
  close();
}

export function LinkDialog({
  initialHref,
  hasLink,
  onApply,
  onClose,
}: {
  initialHref: string;
  hasLink: boolean;
  /** A normalised address, or null to remove the link. */
  onApply: (href: string | null) => void;
  onClose: (returnTo: 'text' | 'button') => void;
}) {
  const id = useId();
  const [url, setUrl] = useState(initialHref);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!url.trim()) {
      onClose('text');
      return;
    }
    const href = normalizeLinkUrl(url);
    if (!href) {
      setError(LINK_ERROR);
      return;
    }
    onApply(href);
  }

  return (
    <form
      role="dialog"
      aria-label="Link"
      // Ctrl+Z in these fields undoes typing in them, not the design.
      data-native-undo
      onSubmit={submit}
      onKeyDown={(e) => onDialogKeyDown(e, () => onClose('button'))}
      className="mt-2 flex flex-wrap items-end gap-2 border-t border-slate-200 pt-2"
    >
      <div className="min-w-48 flex-1 space-y-1">
        <label htmlFor={`${id}-url`} className="block text-xs font-semibold text-slate-700">
          Link URL
        </label>
        <input
          id={`${id}-url`}
          type="text"
          inputMode="url"
          autoFocus
          value={url}
          placeholder="https://your-shop.example"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setUrl(e.target.value);
            setError(null);
          }}
          className={input}
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" className={primaryButton}>
          Apply
        </button>
        {hasLink ? (
          <button type="button" onClick={() => onApply(null)} className={dialogButton}>
            Remove link
          </button>
        ) : null}
        <button type="button" onClick={() => onClose('button')} className={dialogButton}>
          Cancel
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="w-full text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
