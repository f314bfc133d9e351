import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, TextField } from '../components/ui/index.ts';
import { NetworkError } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import {
  CONTACT_NETWORK_ERROR,
  CONTACT_SEND,
  CONTACT_SENDING,
  CONTACT_SERVER_ERROR,
} from '../lib/contact-copy.ts';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';
import {
  type ContactErrors,
  type ContactFields,
  EMPTY_CONTACT,
  loadContactSchema,
  validateContact,
} from './contact-validation.ts';
import { MessageField } from './message-field.tsx';

type Status = { kind: 'editing' } | { kind: 'submitting' } | { kind: 'error'; message: string };

/** The contact form: checked with the shared schema, then sent; `onSent` once the server has it. */
export function ContactForm({ onSent }: { onSent: () => void }) {
  const [fields, setFields] = useState<ContactFields>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const [invalidFocusRef, focusFirstInvalid] = useFocusFirstInvalid();

  const update = (key: keyof ContactFields) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = await validateContact(fields);
    setErrors(checked.errors ?? {});
    if (!checked.data) {
      focusFirstInvalid();
      return;
    }
    setStatus({ kind: 'submitting' });
    try {
      await callApi('POST /contact', { body: checked.data });
      onSent();
    } catch (error) {
      setStatus({
        kind: 'error',
        message: error instanceof NetworkError ? CONTACT_NETWORK_ERROR : CONTACT_SERVER_ERROR,
      });
    }
  };

  const submitting = status.kind === 'submitting';
  return (
    // Without React on the page (the prerendered site), site/islands/contact.ts runs it.
    <Card data-island="contact">
      <form
        ref={invalidFocusRef}
        noValidate
        onSubmit={onSubmit}
        onFocus={() => void loadContactSchema()}
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
        <MessageField
          value={fields.message}
          error={errors.message}
          disabled={submitting}
          onChange={update('message')}
        />
        <Button type="submit" disabled={submitting}>
          {submitting ? CONTACT_SENDING : CONTACT_SEND}
        </Button>
      </form>
    </Card>
  );
}
