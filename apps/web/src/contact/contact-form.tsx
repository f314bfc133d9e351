import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert, Button, Card, TextField } from '../components/ui/index.ts';
import { NetworkError } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import {
  CONTACT_NETWORK_ERROR,
  CONTACT_SEND,
  CONTACT_SENDING,
  CONTACT_SERVER_ERROR,
} from '../lib/contact-copy.ts';
import {
  type ContactFields,
  EMPTY_CONTACT,
  contactResolver,
  loadContactSchema,
} from './contact-validation.ts';
import { MessageField } from './message-field.tsx';

type Status = { kind: 'editing' } | { kind: 'submitting' } | { kind: 'error'; message: string };

/** The contact form: checked with the shared schema, then sent; `onSent` once the server has it. */
export function ContactForm({ onSent }: { onSent: () => void }) {
  // Checked on sending (the first invalid field then takes the focus); typing in a field takes its
  // error away until the next check. The server's refusal is kept apart, as before: it stays until
  // the form is sent again.
  const { register, handleSubmit, clearErrors, control, formState } = useForm<ContactFields>({
    defaultValues: EMPTY_CONTACT,
    resolver: contactResolver,
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;
  const message = useWatch({ control, name: 'message' });
  const [status, setStatus] = useState<Status>({ kind: 'editing' });

  const field = <K extends keyof ContactFields>(key: K) =>
    register(key, { onChange: () => clearErrors(key) });

  const onSubmit = handleSubmit(async (body) => {
    setStatus({ kind: 'submitting' });
    try {
      await callApi('POST /contact', { body });
      onSent();
    } catch (error) {
      setStatus({
        kind: 'error',
        message: error instanceof NetworkError ? CONTACT_NETWORK_ERROR : CONTACT_SERVER_ERROR,
      });
    }
  });

  const submitting = status.kind === 'submitting';
  return (
    // Without React on the page (the prerendered site), site/islands/contact.ts runs it.
    <Card data-island="contact">
      <form
        noValidate
        onSubmit={onSubmit}
        onFocus={() => void loadContactSchema()}
        className="space-y-5"
        aria-busy={submitting}
      >
        {status.kind === 'error' ? <Alert>{status.message}</Alert> : null}
        <TextField
          label="Name"
          autoComplete="name"
          {...field('name')}
          error={errors.name?.message}
          disabled={submitting}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...field('email')}
          error={errors.email?.message}
          disabled={submitting}
        />
        <MessageField
          field={field('message')}
          value={message}
          error={errors.message?.message}
          disabled={submitting}
        />
        <Button type="submit" disabled={submitting}>
          {submitting ? CONTACT_SENDING : CONTACT_SEND}
        </Button>
      </form>
    </Card>
  );
}
