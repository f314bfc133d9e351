// Adding a sending domain: the domain and the name before the @, checked with the server's own
// schema before any request, and the server's refusal (already added, too many) shown by the domain.
import { useState, type FormEvent } from 'react';
import { addSendingDomainSchema } from '@thankly/api-contract';
import { Alert, Button, TextField } from '../components/ui/index.ts';
import { ApiError, messageFor } from '../lib/api.ts';
import { toast } from '../lib/toast.ts';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';
import { useAddSendingDomain } from './deliverability-queries.ts';

type Field = 'domain' | 'localPart';
type FieldErrors = Partial<Record<Field, string>>;

export const ADD_DOMAIN_MESSAGES = {
  failed: 'Could not add the domain. Try again in a minute.',
  added: (domain: string) => `${domain} added: publish its records, then press Verify.`,
} as const;

function fieldErrorsOf(values: Record<Field, string>): FieldErrors {
  const result = addSendingDomainSchema.safeParse(values);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

export function AddDomainForm({ primary }: { primary: boolean }) {
  const [values, setValues] = useState<Record<Field, string>>({ domain: '', localPart: 'hello' });
  const [errors, setErrors] = useState<FieldErrors>({});
  // A plan refusal (403) is about the account, not a field.
  const [formError, setFormError] = useState<string | null>(null);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid();
  const add = useAddSendingDomain();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = fieldErrorsOf(values);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    add.mutate(addSendingDomainSchema.parse(values), {
      onSuccess: ({ domain }) => {
        setValues({ domain: '', localPart: values.localPart });
        toast.success(ADD_DOMAIN_MESSAGES.added(domain.domain));
      },
      onError: (error) => {
        const message = messageFor(error, ADD_DOMAIN_MESSAGES.failed);
        if (error instanceof ApiError && error.status === 403) {
          setFormError(message);
          return;
        }
        // The name before the @ is checked here by the same schema the server uses, so what the
        // server still refuses (a domain already added, the limit of domains) is about the domain.
        setErrors({ domain: message });
        focusFirstInvalid();
      },
    });
  }

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="add-domain-heading">
      <h3 id="add-domain-heading" className="font-semibold text-slate-900">
        Add a domain
      </h3>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <TextField
          label="Your domain"
          placeholder="yourshop.com"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint="The domain of your shop’s website or email, without www."
          {...field('domain')}
        />
        <TextField
          label="Name before the @"
          placeholder="hello"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint={
            <>
              Buyers see emails from{' '}
              <strong className="wrap-anywhere">
                {values.localPart.trim() || 'hello'}@{values.domain.trim() || 'yourshop.com'}
              </strong>
            </>
          }
          {...field('localPart')}
        />
      </div>
      {formError ? (
        <div className="mt-4">
          <Alert>{formError}</Alert>
        </div>
      ) : null}
      <Button
        type="submit"
        variant={primary ? 'primary' : 'secondary'}
        className="mt-4"
        disabled={add.isPending}
      >
        {add.isPending ? 'Adding…' : 'Add domain'}
      </Button>
    </form>
  );
}
