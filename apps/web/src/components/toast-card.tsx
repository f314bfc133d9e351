// One toast as the seller sees it: its words, perhaps a link to act on, and a button to close it.
// sonner places, times and animates it (components/toaster.tsx); this is what it shows.
import { useState } from 'react';
import { Link } from 'react-router';
import type { Toast } from '../lib/toast.ts';

const styles = {
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  error: 'border-red-300 bg-red-50 text-red-900',
  info: 'border-slate-300 bg-white text-slate-900',
} as const;

/**
 * An error is an alert (read out at once), other news a status: sonner's list is a polite live
 * region, which alone would let an error wait behind whatever the reader is saying.
 */
export function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  // sonner takes a frame or two to start removing a dismissed toast; hidden at once, it is never
  // found again, nor clicked a second time, in between.
  const [closed, setClosed] = useState(false);
  const close = () => {
    setClosed(true);
    onDismiss();
  };
  return (
    <div
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      hidden={closed}
      className={`pointer-events-auto flex w-full items-start justify-between gap-3 rounded-lg border px-4 py-3 font-sans text-sm shadow-lg ${styles[toast.kind]}`}
    >
      <div className="space-y-2">
        <p>{toast.message}</p>
        {toast.action ? (
          <Link
            to={toast.action.to}
            onClick={close}
            className="focus-ring inline-flex rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {toast.action.label}
          </Link>
        ) : null}
      </div>
      <button
        type="button"
        onClick={close}
        className="focus-ring -m-1 rounded p-1 text-current/70 hover:text-current"
        aria-label="Dismiss notification"
      >
        ×
      </button>
    </div>
  );
}
