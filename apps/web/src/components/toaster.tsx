import { Link } from 'react-router';
import { dismissToast, useToasts } from '../lib/toast.ts';

const styles = {
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  error: 'border-red-300 bg-red-50 text-red-900',
  info: 'border-slate-300 bg-white text-slate-900',
} as const;

/** Two live regions: polite for news, assertive for errors, so screen readers announce both. */
export function Toaster() {
  const toasts = useToasts();
  const polite = toasts.filter((t) => t.kind !== 'error');
  const urgent = toasts.filter((t) => t.kind === 'error');
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:right-4 sm:left-auto sm:items-end">
      {[
        { list: polite, role: 'status' as const, live: 'polite' as const },
        { list: urgent, role: 'alert' as const, live: 'assertive' as const },
      ].map(({ list, role, live }) => (
        <div
          key={role}
          role={role}
          aria-live={live}
          aria-atomic="false"
          className="flex w-full max-w-sm flex-col gap-2"
        >
          {list.map((t) => (
            <div
              key={t.id}
              data-testid="toast"
              className={`pointer-events-auto flex items-start justify-between gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${styles[t.kind]}`}
            >
              <div className="space-y-2">
                <p>{t.message}</p>
                {t.action ? (
                  <Link
                    to={t.action.to}
                    onClick={() => dismissToast(t.id)}
                    className="focus-ring inline-flex rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
                  >
                    {t.action.label}
                  </Link>
                ) : null}
              </div>
              <button
                type="button"
                onClick={() => dismissToast(t.id)}
                className="focus-ring -m-1 rounded p-1 text-current/70 hover:text-current"
                aria-label="Dismiss notification"
              >
                ×
              </button>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
