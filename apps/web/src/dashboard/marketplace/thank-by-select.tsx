// A shop's choice of how its buyers are thanked: by email whenever the marketplace shares the
// address (a card or message when it does not), or never by email (a printed card or a message).
import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Shop, ThankBy } from '@thankly/api-contract';
import { messageFor } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { toast } from '../../lib/toast.ts';
import { replaceShop } from './marketplace-queries.ts';

export const THANK_BY_OPTIONS: Record<ThankBy, string> = {
  email: 'Email when possible',
  print: 'Printed card or message only',
};

export const THANK_BY_MESSAGES = {
  saved: (shop: string, thankBy: ThankBy) =>
    thankBy === 'print'
      ? `${shop}: new orders wait for a printed card or a message, never an email.`
      : `${shop}: buyers are emailed whenever the marketplace shares their address.`,
  failed: 'Could not save how this shop’s buyers are thanked. Try again.',
} as const;

export function ThankBySelect({ shop }: { shop: Shop }) {
  const id = useId();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (thankBy: ThankBy) =>
      callApi('PUT /shops/:id/preferences', { params: { id: shop.id }, body: { thankBy } }),
    onSuccess: (saved) => {
      replaceShop(queryClient, saved);
      toast.success(THANK_BY_MESSAGES.saved(saved.name, saved.thankBy), {
        key: `thank-by-${shop.id}`,
      });
    },
  });
  // The choice shows at once; a refusal puts the saved one back.
  const value = save.isPending ? save.variables : shop.thankBy;
  return (
    <div className="mt-2">
      <label htmlFor={id} className="block text-xs font-semibold text-slate-700">
        Thank buyers by
      </label>
      <select
        id={id}
        value={value}
        disabled={save.isPending}
        aria-invalid={save.isError || undefined}
        aria-describedby={save.isError ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(event) => save.mutate(event.target.value as ThankBy)}
        className="focus-ring mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-base sm:text-sm"
      >
        {(Object.keys(THANK_BY_OPTIONS) as ThankBy[]).map((option) => (
          <option key={option} value={option}>
            {THANK_BY_OPTIONS[option]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        Orders without the buyer’s email always wait for a card or a message.
      </p>
      {save.isError ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-700">
          {messageFor(save.error, THANK_BY_MESSAGES.failed)}
        </p>
      ) : null}
    </div>
  );
}
