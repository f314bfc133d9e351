import { resendOutcome, useResendVerification } from '../account/use-resend-verification.ts';
import { useEmailLink } from '../account/use-email-link.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { EmailLinkDone, EmailLinkWorking } from '../components/email-link-states.tsx';
import { Alert, Button, ButtonLink } from '../components/ui/index.ts';
import { useSession } from '../lib/session.ts';
import { PRODUCT_PATH } from '../route-meta.ts';

export default function VerifyEmailPage() {
  const state = useEmailLink('/auth/verify-email');
  const { user } = useSession();

  if (state.status === 'working') return <EmailLinkWorking title="Confirming your email address" />;

  if (state.status === 'done') {
    return (
      <EmailLinkDone
        title="Email address confirmed"
        next={
          <ButtonLink to={PRODUCT_PATH} className="mt-6 w-full">
            Go to your templates
          </ButtonLink>
        }
      >
        Thanks! <strong className="break-all">{state.user.email}</strong> is confirmed. Thankly can
        now send test emails and thank-you emails for you.
      </EmailLinkDone>
    );
  }

  // A link spent earlier by this same seller is no problem at all.
  if (user?.emailVerified) {
    return (
      <AuthCard title="Email address confirmed">
        <p role="status" className="text-slate-700">
          Your email address <strong className="break-all">{user.email}</strong> is already
          confirmed. Nothing else to do.
        </p>
        <ButtonLink to={PRODUCT_PATH} className="mt-6 w-full">
          Go to your templates
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="We couldn't confirm your email">
      <Alert>{state.message}</Alert>
      {user ? <ResendBlock email={user.email} /> : null}
      <ButtonLink to={PRODUCT_PATH} variant="secondary" className="mt-3 w-full">
        Go to your templates
      </ButtonLink>
    </AuthCard>
  );
}

function ResendBlock({ email }: { email: string }) {
  const resend = useResendVerification();
  const outcome = resendOutcome(resend, email);
  return (
    <div className="mt-6">
      <p className="text-sm text-slate-600">
        Links work once and for 24 hours. Ask for a new one and we'll send it to{' '}
        <strong className="break-all">{email}</strong>.
      </p>
      {outcome ? (
        <div className="mt-3">
          <Alert tone={outcome.tone}>{outcome.text}</Alert>
        </div>
      ) : null}
      <Button
        className="mt-4 w-full"
        onClick={() => resend.mutate()}
        disabled={resend.isPending || resend.isSuccess}
      >
        {resend.isPending ? 'Sending…' : 'Send me a new link'}
      </Button>
    </div>
  );
}
