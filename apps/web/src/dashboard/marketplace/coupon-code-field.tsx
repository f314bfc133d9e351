// The seller's coupon code, the value of [coupon-code] in every email; checked against the
// contract's schema (loaded on demand, so the dashboard's first load carries no zod) before saving.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/index.ts';
import { messageFor } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { loadContract, usePreloadedContract } from '../../lib/load-contract.ts';
import { toast } from '../../lib/toast.ts';
import { COUPON_ANCHOR } from '../dashboard-anchors.ts';
import { MARKETPLACE_MESSAGES } from './marketplace-messages.ts';
import { marketplaceKeys, useSendingSettings } from './marketplace-queries.ts';

export function CouponCodeField() {
  const settings = useSendingSettings();
  usePreloadedContract();
  const queryClient = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (couponCode: string) => callApi('PUT /sending/settings', { body: { couponCode } }),
    onSuccess: (reply) => {
      queryClient.setQueryData(marketplaceKeys.settings, reply);
      // A saved (or cleared) code changes which tokens the templates leave empty.
      void queryClient.invalidateQueries({ queryKey: ['templates', 'empty-tokens'] });
      setDraft(null);
      toast.success(MARKETPLACE_MESSAGES.couponSaved);
    },
    onError: (e) => setError(messageFor(e, MARKETPLACE_MESSAGES.couponFailed)),
  });
  if (settings.isError) return null;
  const value = draft ?? settings.data?.couponCode ?? '';
  async function submit(event: FormEvent) {
    event.preventDefault();
    const contract = await loadContract().catch(() => null);
    if (!contract) {
      setError(MARKETPLACE_MESSAGES.couponFailed);
      return;
    }
    const parsed = contract.sendingSettingsSchema.safeParse({ couponCode: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MARKETPLACE_MESSAGES.couponFailed);
      return;
    }
    setError(null);
    save.mutate(parsed.data.couponCode);
  }
  return (
    <form
      id={COUPON_ANCHOR}
      onSubmit={submit}
      className="mt-4 scroll-mt-20 border-t border-slate-100 pt-3 focus:outline-none"
      noValidate
    >
      <label htmlFor={id} className="block text-xs font-semibold text-slate-700">
        Coupon code <span className="font-normal text-slate-500">(fills [coupon-code])</span>
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          value={value}
          disabled={settings.isPending}
          // Reads as an example, not as a saved code: an empty field means [coupon-code] is empty.
          placeholder="None saved, e.g. THANKYOU20"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          className="focus-ring block w-full max-w-52 rounded-lg border border-slate-300 px-3 py-1.5 font-mono text-sm"
        />
        <Button
          type="submit"
          variant="secondary"
          className="px-3 py-1.5"
          disabled={save.isPending || draft === null}
        >
          {save.isPending ? 'Saving…' : 'Save code'}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
