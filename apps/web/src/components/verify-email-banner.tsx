import { Link, useLocation } from 'react-router';
import { resendOutcome, useResendVerification } from '../account/use-resend-verification.ts';
import { useSession } from '../lib/session.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { useOutbox } from '../outbox/outbox-queries.ts';
import { OUTBOX_PATH } from '../route-meta.ts';
import { Button, Container } from './ui/index.ts';

/** Pages that speak about the address themselves. */
const OWN_STATUS_PAGES = new Set(['/verify-email', '/confirm-email']);

/**
 * Across every page while the signed-in seller's address is unconfirmed: nothing is sent for them
 * until they follow the mailed link, and this says so before a test email fails.
 */
export function VerifyEmailBanner() {
  const hydrated = useHydrated();
  const session = useSession();
  const { pathname } = useLocation();
  const resend = useResendVerification();
  const keptHere = useOutbox().data?.enabled === true;
  const user = hydrated ? session.user : null;
  if (!user || user.emailVerified || OWN_STATUS_PAGES.has(pathname)) return null;
  const outcome = resendOutcome(resend, user.email);

  return (
    <section
      aria-labelledby="verify-banner-heading"
      className="border-b border-amber-200 bg-amber-50 text-amber-950"
      data-testid="verify-email-banner"
    >
      <Container className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            fill="currentColor"
            className="mt-0.5 h-5 w-5 shrink-0 text-amber-600"
          >
            <path d="M2.5 5.5A2 2 0 0 1 4.5 3.5h11a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-11a2 2 0 0 1-2-2v-9Zm1.8.3 5.1 4a1 1 0 0 0 1.2 0l5.1-4a.5.5 0 0 0-.2-.3H4.5a.5.5 0 0 0-.2.3Z" />
          </svg>
          <div className="text-sm">
            <h2 id="verify-banner-heading" className="font-semibold">
              Confirm your email address
            </h2>
            <p className="mt-0.5 text-amber-900">
              Follow the link we sent to <strong className="break-all">{user.email}</strong>. Until
              then, Thankly sends no test emails or thank-you emails for you.
              {keptHere ? (
                <>
                  {' '}
                  While you try Thankly, the link is in your{' '}
                  <Link to={OUTBOX_PATH} className="focus-ring rounded font-semibold underline">
                    outbox
                  </Link>
                  .
                </>
              ) : null}
            </p>
            {outcome ? (
              <p
                role={outcome.tone === 'error' ? 'alert' : 'status'}
                className={`mt-1 font-medium ${outcome.tone === 'error' ? 'text-red-800' : 'text-emerald-800'}`}
              >
                {outcome.text}
              </p>
            ) : null}
          </div>
        </div>
        <Button
          variant="secondary"
          className="ml-8 shrink-0 self-start border-amber-300 sm:ml-0 sm:self-center"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
        >
          {resend.isPending ? 'Sending…' : 'Resend link'}
        </Button>
      </Container>
    </section>
  );
}
