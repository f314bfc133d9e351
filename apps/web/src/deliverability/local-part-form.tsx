import { useState, type FormEvent } from 'react';
import { updateSendingDomainSchema, type SendingDomain } from '@thankly/api-contract';
import { Button, TextField } from '../components/ui/index.ts';
import { messageFor } from '../lib/api.ts';
import { toast } from '../lib/toast.ts';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';
import { useChangeLocalPart } from './deliverability-queries.ts';
import { DOMAIN_MESSAGES } from './domain-messages.ts';

/** The name before the @ of the domain's From address, checked as the server checks it. */
export function LocalPartForm({ domain }: { domain: SendingDomain }) {
  const [localPart, setLocalPart] = useState(domain.localPart);
  const [error, setError] = useState<string | null>(null);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid();
  const change = useChangeLocalPart(domain.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = updateSendingDomainSchema.safeParse({ localPart });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? DOMAIN_MESSAGES.saveFailed);
      focusFirstInvalid();
      return;
    }
    setError(null);
    change.mutate(parsed.data.localPart, {
      onSuccess: (reply) => {
        setLocalPart(reply.domain.localPart);
        toast.success(DOMAIN_MESSAGES.saved, { key: `local-part-${domain.id}` });
      },
      onError: (err) => {
        setError(messageFor(err, DOMAIN_MESSAGES.saveFailed));
        focusFirstInvalid();
      },
    });
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <TextField
        label="Name before the @"
        name="localPart"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        className="min-w-0 sm:w-72"
        value={localPart}
        error={error}
        hint={
          <>
            From{' '}
            <span className="wrap-anywhere">{`${localPart.trim() || '…'}@${domain.domain}`}</span>
          </>
        }
        onChange={(event) => {
          setLocalPart(event.target.value);
          setError(null);
        }}
      />
      {/* Level with the input, below its label. */}
      <Button
        type="submit"
        variant="secondary"
        className="self-start sm:mt-6"
        disabled={change.isPending || localPart.trim().toLowerCase() === domain.localPart}
      >
        Save address
      </Button>
    </form>
  );
}
