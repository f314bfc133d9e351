// The link dialog: one address field. Empty closes it without a change (spec section 5); an address
// that cannot be a safe link (javascript:, spaces) is refused with a reason instead of being dropped.
import { useId, useState, type FormEvent } from 'react';
import { Button, TextField } from '../../../components/ui/index.ts';
import { normalizeLinkUrl } from './link-url.ts';
import { DialogActions, DialogError, ToolbarDialog, type CloseTo } from './toolbar-dialog.tsx';

export const LINK_ERROR =
  'Use a web address (https://…), a mailto: or tel: link, or a link token like [shop-url].';

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
  onClose: (returnTo: CloseTo) => void;
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
    <ToolbarDialog
      label="Link"
      onSubmit={submit}
      onClose={onClose}
      className="flex flex-wrap items-end gap-2"
    >
      <TextField
        label="Link URL"
        className="min-w-48 flex-1"
        type="text"
        inputMode="url"
        autoFocus
        value={url}
        placeholder="https://your-shop.example"
        // The refusal sits under the whole row (DialogError), not under the field.
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setUrl(e.target.value);
          setError(null);
        }}
      />
      <DialogActions submitLabel="Apply" onCancel={() => onClose('button')} className="">
        {hasLink ? (
          <Button variant="secondary" size="sm" onClick={() => onApply(null)}>
            Remove link
          </Button>
        ) : null}
      </DialogActions>
      <DialogError id={`${id}-error`} error={error} className="w-full" />
    </ToolbarDialog>
  );
}
