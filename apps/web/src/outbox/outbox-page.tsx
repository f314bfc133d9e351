// The local outbox in the app: the seller's kept mail on the left (on phones, above), the chosen
// message beside it. The chosen message lives in the URL (?message=) so a reload shows it again.
import type { OutboxItem } from '@thankly/api-contract';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Card, Container, PageHeader } from '../components/ui/index.ts';
import { useFormatSellerTime } from '../lib/seller-time.ts';
import { messageFor } from '../lib/api.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { KeptMessage } from './kept-message.tsx';
import { useOutbox, useOutboxMessage } from './outbox-queries.ts';

export const MESSAGE_PARAM = 'message';
export const OUTBOX_LOAD_FAILED = 'Could not load your outbox.';
export const MESSAGE_LOAD_FAILED = 'Could not open this email.';

export default function OutboxPage() {
  const [params] = useSearchParams();
  const outbox = useOutbox({ live: true });
  const messages = outbox.data?.messages ?? [];
  const chosen = params.get(MESSAGE_PARAM) ?? messages[0]?.id ?? null;

  return (
    <Container className="py-10">
      <PageHeader
        title="Outbox"
        lead="While you try Thankly, emails are kept here instead of being delivered: your test emails, the thank-you emails of your demo orders and the links we send you."
      />
      {outbox.isPending ? (
        <p className="text-sm text-slate-600">Loading your outbox…</p>
      ) : outbox.isError ? (
        <div className="space-y-4">
          <Alert>{messageFor(outbox.error, OUTBOX_LOAD_FAILED)}</Alert>
          <Button variant="secondary" onClick={() => void outbox.refetch()}>
            Try again
          </Button>
        </div>
      ) : !outbox.data.enabled ? (
        <Alert tone="info">
          This Thankly sends its emails for real, so there is no outbox to read. Find your emails in
          your own inbox.
        </Alert>
      ) : messages.length === 0 ? (
        <Card>
          <h2 className="text-lg font-semibold">No emails yet</h2>
          <p className="mt-2 text-sm text-slate-600">
            Send a test email from a template, or simulate an order of the demo shop, and it shows
            up here.{' '}
            <Link to={PRODUCT_PATH} className="focus-ring rounded text-brand-600 underline">
              Go to your templates
            </Link>
          </p>
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
          <MessageList messages={messages} chosen={chosen} />
          <Card className="min-w-0">
            <ChosenMessage id={chosen} />
          </Card>
        </div>
      )}
    </Container>
  );
}

function MessageList({ messages, chosen }: { messages: OutboxItem[]; chosen: string | null }) {
  const formatTime = useFormatSellerTime();
  return (
    <nav aria-label="Kept emails" className="min-w-0">
      <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-2xl border border-slate-200 bg-white shadow-sm lg:max-h-[75vh]">
        {messages.map((m) => {
          const current = m.id === chosen;
          return (
            <li key={m.id}>
              <Link
                to={`?${new URLSearchParams({ [MESSAGE_PARAM]: m.id })}`}
                aria-current={current ? 'true' : undefined}
                className={`focus-ring block px-4 py-3 text-sm ${current ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
              >
                <span className="block font-medium break-words text-slate-900">{m.subject}</span>
                <span className="block text-xs break-all text-slate-600">To {m.to}</span>
                <span className="block text-xs text-slate-600">{formatTime(m.createdAt)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function ChosenMessage({ id }: { id: string | null }) {
  const message = useOutboxMessage(id);
  if (message.isPending) return <p className="text-sm text-slate-600">Opening the email…</p>;
  if (message.isError) return <Alert>{messageFor(message.error, MESSAGE_LOAD_FAILED)}</Alert>;
  return <KeptMessage message={message.data} />;
}
