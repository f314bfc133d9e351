// The seller's redemption window: how long after an email a coupon order from its buyer still
// counts as that email's redemption. Saved on its own; the insights numbers follow it at once.
import { type FormEvent, useState } from 'react';
import {
  DEFAULT_REDEMPTION_WINDOW_DAYS,
  MAX_REDEMPTION_WINDOW_DAYS,
  insightsSettingsSchema,
} from '@thankly/api-contract';
import { Alert, Button, TextField } from '../components/ui/index.ts';
import { useDraft } from '../components/ui/use-draft.ts';
import { messageFor } from '../lib/api.ts';
import { toast } from '../lib/toast.ts';
import { useSaveInsightsSettings } from './insights-queries.ts';

export const WINDOW_LABEL = 'Redemption window (days)';
export const WINDOW_SAVE_FAILED = 'Could not save the redemption window. Nothing changed.';
export const windowSaved = (days: number) =>
  `Coupon orders now count as redemptions within ${days} days of the buyer’s email`;

const windowSchema = insightsSettingsSchema.shape.redemptionWindowDays;

export function RedemptionWindowField({ saved }: { saved: number | undefined }) {
  const save = useSaveInsightsSettings();
  const [draft, setDraft] = useDraft(String(saved ?? DEFAULT_REDEMPTION_WINDOW_DAYS));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = windowSchema.safeParse(draft.trim() === '' ? NaN : Number(draft));
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    save.mutate(
      { redemptionWindowDays: parsed.data },
      {
        onSuccess: (settings) =>
          toast.success(windowSaved(settings.redemptionWindowDays), { key: 'redemption-window' }),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-wrap items-end gap-3">
      <TextField
        label={WINDOW_LABEL}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_REDEMPTION_WINDOW_DAYS}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        disabled={saved === undefined || save.isPending}
        error={error}
        hint={`An order with your coupon code counts as a redemption when the same buyer got an email from you this many days before it, at most. Default ${DEFAULT_REDEMPTION_WINDOW_DAYS}.`}
        className="max-w-md flex-1"
      />
      <Button type="submit" variant="secondary" disabled={saved === undefined || save.isPending}>
        Save
      </Button>
      {save.isError ? (
        <div className="w-full">
          <Alert>{messageFor(save.error, WINDOW_SAVE_FAILED)}</Alert>
        </div>
      ) : null}
    </form>
  );
}
