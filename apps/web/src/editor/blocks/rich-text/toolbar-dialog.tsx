// The shell the toolbar's link and image dialogs share: a form under the toolbar that Escape
// closes without leaving the block, the submit and Cancel buttons, and the refusal in words.
import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import { Button, FieldDensity } from '../../../components/ui/index.ts';

export type CloseTo = 'text' | 'button';

export function ToolbarDialog({
  label,
  onSubmit,
  onClose,
  className,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent) => void;
  onClose: (returnTo: CloseTo) => void;
  /** The layout of the fields: a row for one address, a grid for an image's four fields. */
  className: string;
  children: ReactNode;
}) {
  // The editor's own Escape deselects the block; here it only closes the dialog.
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onClose('button');
  }
  return (
    <form
      role="dialog"
      aria-label={label}
      // Ctrl+Z in these fields undoes typing in them, not the design.
      data-native-undo
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      className={`mt-2 border-t border-slate-200 pt-2 ${className}`}
    >
      <FieldDensity value="compact">{children}</FieldDensity>
    </form>
  );
}

export function DialogActions({
  submitLabel,
  onCancel,
  className,
  children,
}: {
  submitLabel: string;
  onCancel: () => void;
  className: string;
  /** Buttons between the submit and Cancel (Remove link). */
  children?: ReactNode;
}) {
  return (
    <div className={`flex gap-2 ${className}`}>
      <Button type="submit" size="sm">
        {submitLabel}
      </Button>
      {children}
      <Button variant="secondary" size="sm" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

export function DialogError({
  id,
  error,
  className,
}: {
  id: string;
  error: string | null;
  className: string;
}) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className={`text-xs text-red-700 ${className}`}>
      {error}
    </p>
  );
}
