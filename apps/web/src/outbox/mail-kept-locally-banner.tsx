// Across the app while no mail relay is set (trying Thankly out): every email, the seller's own
// confirmation links included, is kept in this copy of Thankly, and this says where to read it.
import { Inbox } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Container } from '../components/ui/index.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { OUTBOX_PATH } from '../route-meta.ts';
import { useOutbox } from './outbox-queries.ts';

export function MailKeptLocallyBanner() {
  const hydrated = useHydrated();
  const outbox = useOutbox();
  const { pathname } = useLocation();
  if (!hydrated || !outbox.data?.enabled) return null;
  const count = outbox.data.messages.length;
  const onOutbox = pathname === OUTBOX_PATH;

  return (
    <section
      aria-labelledby="kept-mail-heading"
      className="border-b border-sky-200 bg-sky-50 text-sky-950"
      data-testid="mail-kept-locally-banner"
    >
      <Container className="flex flex-col gap-2 py-2.5 text-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <Inbox aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-sky-700" />
          <p>
            <strong id="kept-mail-heading" className="font-semibold">
              Emails stay here while you try Thankly.
            </strong>{' '}
            Nothing is delivered: test emails, thank-you emails and your own confirmation links are
            kept in your outbox.
          </p>
        </div>
        {onOutbox ? null : (
          <Link
            to={OUTBOX_PATH}
            className="focus-ring ml-8 shrink-0 self-start rounded font-semibold text-sky-800 underline underline-offset-2 hover:text-sky-950 sm:ml-0 sm:self-center"
          >
            Open your outbox{count ? ` (${count})` : ''}
          </Link>
        )}
      </Container>
    </section>
  );
}
