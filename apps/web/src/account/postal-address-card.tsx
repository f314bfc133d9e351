// The seller's postal address, shown in the footer of every buyer email (laws on commercial email,
// such as CAN-SPAM, ask for one). One per account: it belongs to the business, not to a template.
import { useId } from 'react';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
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

export const POSTAL_ADDRESS_SAVED = 'Postal address saved';

type PostalAddressFields = { postalAddress: string };

/** The server's own rule, so the seller hears it before a round trip; sends its cleaned value. */
const postalAddressResolver: Resolver<PostalAddressFields> = (
  values,
): ResolverResult<PostalAddressFields> => {
  const parsed = postalAddressSchema.safeParse(values.postalAddress);
  if (parsed.success) return { values: { postalAddress: parsed.data }, errors: {} };
  const message = parsed.error.issues[0]?.message ?? 'Please check the postal address.';
  return { values: {}, errors: { postalAddress: { type: 'validate', message } } };
};

export function PostalAddressCard({
  postalAddress,
  accountKey,
}: {
  postalAddress: string;
  accountKey: readonly unknown[];
}) {
  const client = useQueryClient();
  const id = useId();
  // Checked on saving (the field then takes the focus); typing takes the error away. A refusal
  // from the server is said at the field the same way, without moving the focus.
  const { register, handleSubmit, setError, clearErrors, setValue, formState } =
    useForm<PostalAddressFields>({
      defaultValues: { postalAddress },
      resolver: postalAddressResolver,
      reValidateMode: 'onSubmit',
    });
  const error = formState.errors.postalAddress?.message ?? null;
  const save = useMutation({
    mutationFn: (value: string) =>
      callApi('PATCH /me/postal-address', { body: { postalAddress: value } }),
    onSuccess: ({ postalAddress: stored }) => {
      setValue('postalAddress', stored);
      client.setQueryData<Me>(accountKey, (old) => (old ? { ...old, postalAddress: stored } : old));
      toast.success(POSTAL_ADDRESS_SAVED);
    },
    onError: (err) =>
      setError('postalAddress', {
        message: messageFor(err, 'Could not save the postal address'),
      }),
  });
  const onSubmit = handleSubmit(({ postalAddress: cleaned }) => save.mutate(cleaned));
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
      <form onSubmit={onSubmit} className="mt-4 space-y-3">
        <label htmlFor={id} className="sr-only">
          Postal address
        </label>
        <textarea
          id={id}
          rows={3}
          maxLength={POSTAL_ADDRESS_MAX_LENGTH}
          {...register('postalAddress', { onChange: () => clearErrors('postalAddress') })}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
          placeholder={'Juniper & Clay\n12 Long Street\nSpringfield, IL 62701'}
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
