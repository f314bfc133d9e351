import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useEmailLink } from '../account/use-email-link.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { Alert, ButtonLink } from '../components/ui.tsx';

export default function ConfirmEmailPage() {
  const state = useEmailLink('/auth/confirm-email');
  const client = useQueryClient();
  useEffect(() => {
    // The account page and anything else showing the address read it again.
    if (state.status === 'done') void client.invalidateQueries();
  }, [client, state.status]);

  if (state.status === 'working') {
    return (
      <AuthCard title="Confirming your new email address">
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

  if (state.status === 'done') {
    return (
      <AuthCard title="New email address confirmed">
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-emerald-100 text-lg text-emerald-700"
          >
            ✓
          </span>
          <p role="status" className="text-slate-700">
            Your account email is now <strong className="break-all">{state.user.email}</strong>. Use
            it to sign in from now on; every other device was signed out.
          </p>
        </div>
        <ButtonLink to="/Account" className="mt-6 w-full">
          Back to your account
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="We couldn't change your email">
      <Alert>{state.message}</Alert>
      <p className="mt-4 text-sm text-slate-600">
        Links work once and for 1 hour. Your account email has not changed; you can ask for a new
        link on your account page.
      </p>
      <ButtonLink to="/Account" className="mt-6 w-full">
        Back to your account
      </ButtonLink>
    </AuthCard>
  );
}
