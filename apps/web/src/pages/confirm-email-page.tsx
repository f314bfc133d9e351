import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useEmailLink } from '../account/use-email-link.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { EmailLinkDone, EmailLinkWorking } from '../components/email-link-states.tsx';
import { Alert, ButtonLink } from '../components/ui/index.ts';

export default function ConfirmEmailPage() {
  const state = useEmailLink('/auth/confirm-email');
  const client = useQueryClient();
  useEffect(() => {
    // The account page and anything else showing the address read it again.
    if (state.status === 'done') void client.invalidateQueries();
  }, [client, state.status]);

  if (state.status === 'working')
    return <EmailLinkWorking title="Confirming your new email address" />;

  if (state.status === 'done') {
    return (
      <EmailLinkDone
        title="New email address confirmed"
        next={
          <ButtonLink to="/Account" className="mt-6 w-full">
            Back to your account
          </ButtonLink>
        }
      >
        Your account email is now <strong className="break-all">{state.user.email}</strong>. Use it
        to sign in from now on; every other device was signed out.
      </EmailLinkDone>
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
