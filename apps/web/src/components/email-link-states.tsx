import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { AuthCard } from './auth-card.tsx';

/** While a mailed link (confirm or change an address) is being checked. */
export function EmailLinkWorking({ title }: { title: string }) {
  return (
    <AuthCard title={title}>
      <p role="status" aria-busy="true" className="flex items-center gap-3 text-slate-700">
        <span
          aria-hidden="true"
          className="h-5 w-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600"
        />
        One moment…
      </p>
    </AuthCard>
  );
}

/** A mailed link that worked: a tick, what changed, and where to go next. */
export function EmailLinkDone({
  title,
  children,
  next,
}: {
  title: string;
  children: ReactNode;
  next: ReactNode;
}) {
  return (
    <AuthCard title={title}>
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700"
        >
          <Check className="size-5" strokeWidth={2.5} />
        </span>
        <p role="status" className="text-slate-700">
          {children}
        </p>
      </div>
      {next}
    </AuthCard>
  );
}
