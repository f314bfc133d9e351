// A shop's web address: where "Visit the shop" and the logo in its emails lead. Filled from the
// marketplace when the shop is connected; the seller corrects it here (checked against the
// contract's rule before it is sent, and again by the server).
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Shop } from '@thankly/api-contract';
import { Button } from '../../components/ui/index.ts';
import { messageFor } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { loadContract } from '../../lib/load-contract.ts';
import { toast } from '../../lib/toast.ts';
import { replaceShop } from './marketplace-queries.ts';

export const SHOP_ADDRESS_TEXTS = {
  label: 'Shop web address',
  hint: 'Where “Visit the shop” and your logo lead in every email.',
  saved: (shop: string) => `${shop}: buttons in your emails now lead to the new address.`,
  failed: 'Could not save the web address. Try again.',
} as const;

export function ShopAddressField({ shop }: { shop: Shop }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (url: string) =>
      callApi('PUT /shops/:id/address', { params: { id: shop.id }, body: { url } }),
    onSuccess: (saved) => {
      replaceShop(queryClient, saved);
      // An address on record changes which tokens the templates leave empty.
      void queryClient.invalidateQueries({ queryKey: ['templates', 'empty-tokens'] });
      setDraft(null);
      toast.success(SHOP_ADDRESS_TEXTS.saved(saved.name), { key: `address-${shop.id}` });
    },
    onError: (e) => setError(messageFor(e, SHOP_ADDRESS_TEXTS.failed)),
  });
  const value = draft ?? shop.url ?? '';
  async function submit(event: FormEvent) {
    event.preventDefault();
    const contract = await loadContract().catch(() => null);
    if (!contract) {
      setError(SHOP_ADDRESS_TEXTS.failed);
      return;
    }
    const parsed = contract.shopAddressInputSchema.safeParse({ url: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? SHOP_ADDRESS_TEXTS.failed);
      return;
    }
    setError(null);
    save.mutate(parsed.data.url);
  }
  const describedBy = error ? `${id}-hint ${id}-error` : `${id}-hint`;
  return (
    <form onSubmit={submit} className="mt-2" noValidate>
      <label htmlFor={id} className="block text-xs font-semibold text-slate-700">
        {SHOP_ADDRESS_TEXTS.label}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={id}
          type="url"
          inputMode="url"
          autoComplete="url"
          value={value}
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          className="focus-ring block min-w-0 flex-1 basis-56 rounded-lg border border-slate-300 px-3 py-1.5 text-base sm:text-sm"
        />
        <Button
          type="submit"
          variant="secondary"
          className="px-3 py-1.5"
          disabled={save.isPending || draft === null}
        >
          {save.isPending ? 'Saving…' : 'Save address'}
        </Button>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {SHOP_ADDRESS_TEXTS.hint}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
