// The seller's postal address, shown in the footer of every buyer email (laws on commercial email,
// such as CAN-SPAM, ask for one). One per account: it belongs to the business, not to a template.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@thankly/api-contract';
import {
  POSTAL_ADDRESS_MAX_LENGTH,
  POSTAL_ADDRESS_MAX_LINES,
  postalAddressSchema,
} from '@thankly/email';
import { Button, Card } from '../components/ui/index.ts';
import { messageFor } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import { toast } from '../lib/toast.ts';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';

export const POSTAL_ADDRESS_SAVED = 'Postal address saved';

export function PostalAddressCard({
  postalAddress,
  accountKey,
}: {
  postalAddress: string;
  accountKey: readonly unknown[];
}) {
  const client = useQueryClient();
  const [draft, setDraft] = useState(postalAddress);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const [invalidFocusRef, focusFirstInvalid] = useFocusFirstInvalid();
  const save = useMutation({
    mutationFn: (value: string) =>
      callApi('PATCH /me/postal-address', { body: { postalAddress: value } }),
    onSuccess: ({ postalAddress: stored }) => {
      setDraft(stored);
      client.setQueryData<Me>(accountKey, (old) => (old ? { ...old, postalAddress: stored } : old));
      toast.success(POSTAL_ADDRESS_SAVED);
    },
    onError: (err) => setError(messageFor(err, 'Could not save the postal address')),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own rule, so the seller hears it before a round trip.
    const parsed = postalAddressSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the postal address.');
      focusFirstInvalid();
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };
  return (
    <Card aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Postal address
      </h2>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        Shown under the unsubscribe link of every thank-you email. Laws on commercial email (such as
        CAN-SPAM in the US) ask for the sender’s postal address; a P.O. box works. Up to{' '}
        {POSTAL_ADDRESS_MAX_LINES} lines.
      </p>
      <form ref={invalidFocusRef} onSubmit={onSubmit} className="mt-4 space-y-3">
        <label htmlFor={id} className="sr-only">
          Postal address
        </label>
        <textarea
          id={id}
          rows={3}
          maxLength={POSTAL_ADDRESS_MAX_LENGTH}
          value={draft}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
          placeholder={'Juniper & Clay\n12 Long Street\nSpringfield, IL 62701'}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          className={`focus-ring block w-full rounded-lg border px-3 py-2 text-base shadow-sm sm:text-sm ${
            error ? 'border-red-500' : 'border-slate-300'
          }`}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={save.isPending}>
          Save address
        </Button>
      </form>
    </Card>
  );
}
