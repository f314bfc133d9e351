import { useId, useState, type FormEvent } from 'react';
import { CONTACT_MESSAGE_MAX } from '@thankly/api-contract/catalog';
import { NetworkError } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import { Alert, Button, Card, Container, PageHeader, TextField } from '../components/ui/index.ts';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';
import {
  CONTACT_NETWORK_ERROR,
  CONTACT_SEND,
  CONTACT_SENDING,
  CONTACT_SEND_ANOTHER,
  CONTACT_SERVER_ERROR,
  CONTACT_THANKS,
  CONTACT_THANKS_LEAD,
} from '../lib/contact-copy.ts';

export { CONTACT_NETWORK_ERROR, CONTACT_SERVER_ERROR };

type Fields = { name: string; email: string; message: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;
type Status =
  | { kind: 'editing' }
  | { kind: 'submitting' }
  | { kind: 'success' }
  | { kind: 'error'; message: string };

const EMPTY: Fields = { name: '', email: '', message: '' };

/**
 * The shared schema (and the schema library with it) loads on first use, not with the page: the
 * contact page's first JavaScript stays small. Focusing the form starts the download early.
 */
const loadContract = () => import('@thankly/api-contract');

/** The trimmed body to send, or the first message per field in the schema's order. */
async function validate(
  fields: Fields,
): Promise<{ data: Fields; errors: null } | { data: null; errors: FieldErrors }> {
  const { contactSchema } = await loadContract();
  const result = contactSchema.safeParse(fields);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof Fields;
    errors[key] ??= issue.message;
  }
  return { data: null, errors };
}

export default function ContactPage() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const messageId = useId();
  const counterId = `${messageId}-counter`;
  const messageErrorId = `${messageId}-error`;
  const [invalidFocusRef, focusFirstInvalid] = useFocusFirstInvalid();

  const update = (key: keyof Fields) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = await validate(fields);
    setErrors(checked.errors ?? {});
    if (!checked.data) {
      focusFirstInvalid();
      return;
    }
    setStatus({ kind: 'submitting' });
    try {
      await callApi('POST /contact', { body: checked.data });
      setStatus({ kind: 'success' });
    } catch (error) {
      setStatus({
        kind: 'error',
        message: error instanceof NetworkError ? CONTACT_NETWORK_ERROR : CONTACT_SERVER_ERROR,
      });
    }
  };

  const reset = () => {
    setFields(EMPTY);
    setErrors({});
    setStatus({ kind: 'editing' });
  };

  const submitting = status.kind === 'submitting';

  return (
    <Container className="py-12 sm:py-16">
      <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
        <div>
          <PageHeader
            title="Contact us"
            lead="Questions about templates, your shop connection or billing? Write to us and a real person will answer."
          />
          {status.kind === 'success' ? (
            <Card>
              <div role="status">
                <h2 className="text-2xl font-bold">{CONTACT_THANKS}</h2>
                <p className="mt-2 text-slate-600">{CONTACT_THANKS_LEAD}</p>
              </div>
              <Button className="mt-6" variant="secondary" onClick={reset}>
                {CONTACT_SEND_ANOTHER}
              </Button>
            </Card>
          ) : (
            // Without React on the page (the prerendered site), site/islands/contact.ts runs it.
            <Card data-island="contact">
              <form
                ref={invalidFocusRef}
                noValidate
                onSubmit={onSubmit}
                onFocus={() => void loadContract()}
                className="space-y-5"
                aria-busy={submitting}
              >
                {status.kind === 'error' ? <Alert>{status.message}</Alert> : null}
                <TextField
                  label="Name"
                  name="name"
                  autoComplete="name"
                  value={fields.name}
                  onChange={(e) => update('name')(e.target.value)}
                  error={errors.name}
                  disabled={submitting}
                />
                <TextField
                  label="Email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  value={fields.email}
                  onChange={(e) => update('email')(e.target.value)}
                  error={errors.email}
                  disabled={submitting}
                />
                <div>
                  <label
                    htmlFor={messageId}
                    className="mb-1 block text-sm font-medium text-slate-800"
                  >
                    Message
                  </label>
                  <textarea
                    id={messageId}
                    name="message"
                    rows={6}
                    maxLength={CONTACT_MESSAGE_MAX}
                    value={fields.message}
                    onChange={(e) => update('message')(e.target.value)}
                    disabled={submitting}
                    aria-invalid={errors.message ? true : undefined}
                    aria-describedby={`${counterId}${errors.message ? ` ${messageErrorId}` : ''}`}
                    className={`focus-ring block w-full rounded-lg border px-3 py-2 text-base shadow-sm sm:text-sm ${
                      errors.message ? 'border-red-500' : 'border-slate-300'
                    }`}
                  />
                  <div className="mt-1 flex justify-between gap-4">
                    <p id={messageErrorId} className="text-sm text-red-700">
                      {errors.message ?? ''}
                    </p>
                    <p id={counterId} className="shrink-0 text-xs text-slate-500">
                      {/* One text node, as the public site's script writes it. */}
                      {`${fields.message.length}/${CONTACT_MESSAGE_MAX}`}
                    </p>
                  </div>
                </div>
                <Button type="submit" disabled={submitting}>
                  {submitting ? CONTACT_SENDING : CONTACT_SEND}
                </Button>
              </form>
            </Card>
          )}
        </div>
        <aside aria-label="Support hours" className="space-y-4 lg:pt-24">
          <Card as="div">
            <h2 className="font-semibold">When we answer</h2>
            <p className="mt-2 text-sm text-slate-600">
              We reply within 1–2 business days. Support hours are Mon–Fri 9–5 EET. Subscribers are
              answered first.
            </p>
          </Card>
          <Card as="div">
            <h2 className="font-semibold">Before you write</h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
              <li>Include your shop name and, for an email issue, the order number.</li>
              <li>For billing, tell us the email address of your Thankly account.</li>
              <li>Locked out? Reset your password from the login page first.</li>
            </ul>
          </Card>
        </aside>
      </div>
    </Container>
  );
}
