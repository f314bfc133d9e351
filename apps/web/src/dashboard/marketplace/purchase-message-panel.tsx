// An Etsy shop's purchase message: the text Etsy itself sends every buyer who completes a purchase
// (and its version for digital items). The seller writes it here with the shop's own tokens, sees
// its length as buyers get it and a preview, and saves it to Etsy. A change made on Etsy is shown
// with both choices, and never written over unasked. Loaded when the seller opens it.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PURCHASE_MESSAGE_MAX_CHARS,
  PURCHASE_MESSAGE_TEXTS,
  PURCHASE_MESSAGE_TOKENS,
  type PurchaseMessage,
  type PurchaseMessageSchedule,
  purchaseMessageProblem,
} from '@thankly/api-contract';
import type { Shop } from '@thankly/api-contract';
import { Alert, Button } from '../../components/ui/index.ts';
import { ApiError, messageFor } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { useFormatSellerTime } from '../../lib/seller-time.ts';
import { toast } from '../../lib/toast.ts';
import { browserNavigation } from './browser-navigation.ts';
import { MessageField, PURCHASE_MESSAGE_FIELD_TEXTS, count } from './purchase-message-field.tsx';
import { PurchaseMessageSchedulePanel } from './purchase-message-schedule.tsx';

export const PURCHASE_MESSAGE_PANEL_TEXTS = {
  intro:
    'Etsy sends this message to every buyer who completes a purchase, by email and in their Etsy messages. It’s the one note that reaches every Etsy buyer.',
  physicalLabel: 'Message to buyers',
  digitalLabel: 'Message to buyers of digital items',
  tokens: `You can use ${PURCHASE_MESSAGE_TOKENS.map((t) => `[${t}]`).join(', ')}: Thankly fills them in when it saves the message to Etsy.`,
  ...PURCHASE_MESSAGE_FIELD_TEXTS,
  save: 'Save to Etsy',
  saving: 'Saving to Etsy…',
  saved: 'Saved. Etsy sends your new message to buyers from now on.',
  savedForLater:
    'Saved. Buyers get your dated message until its last day; this one goes back on Etsy after it.',
  saveFailed:
    'Etsy didn’t accept your purchase message, so nothing changed on Etsy. Try again in a few minutes.',
  loadFailed: 'Could not load your purchase message. Try again in a moment.',
  keepEtsy: 'Keep Etsy’s version',
  replace: 'Replace it with mine',
  kept: 'Kept the version from Etsy. Nothing was changed on Etsy.',
  reconnect: 'Reconnect Etsy shop',
  lastSaved: (when: string) => `Last saved to Etsy ${when}.`,
  neverSaved: 'Not saved from Thankly yet: this is what your shop has on Etsy now.',
} as const;

export function PurchaseMessagePanel({ shop }: { shop: Shop }) {
  const queryClient = useQueryClient();
  const formatTime = useFormatSellerTime();
  const queryKey = ['shops', shop.id, 'purchase-message'];
  const loaded = useQuery({
    queryKey,
    queryFn: () => callApi('GET /shops/:id/purchase-message', { params: { id: shop.id } }),
    retry: false,
  });
  const [draft, setDraft] = useState<{ message: string; digitalMessage: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const settle = (reply: PurchaseMessage) => {
    queryClient.setQueryData(queryKey, reply);
    // A save or a choice about Etsy's version can make a held scheduled switch.
    void queryClient.invalidateQueries({ queryKey: [...queryKey, 'schedule'] });
    setDraft(null);
    setError(null);
  };
  const save = useMutation({
    mutationFn: (body: { message: string; digitalMessage: string; overwriteEtsyChanges?: true }) =>
      callApi('PUT /shops/:id/purchase-message', { params: { id: shop.id }, body }),
    onSuccess: (reply) => {
      // During a dated message's range Etsy keeps the dated texts; the saved ones follow it.
      const schedule = queryClient.getQueryData<PurchaseMessageSchedule>([...queryKey, 'schedule']);
      settle(reply);
      toast.success(
        schedule?.dueEntryId
          ? PURCHASE_MESSAGE_PANEL_TEXTS.savedForLater
          : PURCHASE_MESSAGE_PANEL_TEXTS.saved,
        { key: `purchase-message-${shop.id}` },
      );
    },
    onError: (e) => {
      // A change on Etsy found at the save: show it with both choices.
      if (e instanceof ApiError && e.status === 409) void loaded.refetch();
      setError(messageFor(e, PURCHASE_MESSAGE_PANEL_TEXTS.saveFailed));
    },
  });
  const keep = useMutation({
    mutationFn: () =>
      callApi('POST /shops/:id/purchase-message/keep-etsy', { params: { id: shop.id } }),
    onSuccess: (reply) => {
      settle(reply);
      toast.success(PURCHASE_MESSAGE_PANEL_TEXTS.kept, { key: `purchase-message-${shop.id}` });
    },
    onError: (e) => setError(messageFor(e, PURCHASE_MESSAGE_PANEL_TEXTS.saveFailed)),
  });
  const reconnect = useMutation({
    mutationFn: () => callApi('GET /etsy/connect'),
    onSuccess: ({ url }) => browserNavigation.assign(url),
    onError: (e) => setError(messageFor(e, PURCHASE_MESSAGE_PANEL_TEXTS.saveFailed)),
  });

  if (loaded.isPending)
    return <p className="mt-2 h-24 animate-pulse rounded bg-slate-100" aria-hidden="true" />;
  if (loaded.isError)
    return (
      <p className="mt-2 text-xs text-red-700">
        {messageFor(loaded.error, PURCHASE_MESSAGE_PANEL_TEXTS.loadFailed)}
      </p>
    );
  const data = loaded.data;
  const current = draft ?? { message: data.message, digitalMessage: data.digitalMessage };
  const invalid = [current.message, current.digitalMessage].some(
    (text) =>
      purchaseMessageProblem(text) !== null ||
      count(text, data.tokenValues) > PURCHASE_MESSAGE_MAX_CHARS,
  );
  const busy = save.isPending || keep.isPending;
  const blocked = data.reconnectReason !== null;

  return (
    <section
      aria-label={`Purchase message for ${shop.name}`}
      className="mt-2 w-full rounded-lg border border-slate-200 bg-white p-3"
    >
      <p className="text-xs text-slate-600">{PURCHASE_MESSAGE_PANEL_TEXTS.intro}</p>
      {blocked ? (
        <div className="mt-2">
          <Alert tone="info">
            <p>{data.reconnectReason}</p>
            <Button
              variant="secondary"
              className="mt-2 px-3 py-1.5"
              disabled={reconnect.isPending}
              onClick={() => reconnect.mutate()}
            >
              {PURCHASE_MESSAGE_PANEL_TEXTS.reconnect}
            </Button>
          </Alert>
        </div>
      ) : null}
      {data.changedOnEtsy ? (
        <div className="mt-2">
          <Alert tone="info">
            <p className="font-semibold">{PURCHASE_MESSAGE_TEXTS.changedOnEtsy}</p>
            <dl className="mt-2 rounded-md border border-slate-200 bg-white p-2 text-xs text-slate-800">
              <dt className="font-semibold">On Etsy now</dt>
              <dd className="mt-0.5 whitespace-pre-wrap">
                {data.changedOnEtsy.message || '(no message)'}
              </dd>
              <dt className="mt-2 font-semibold">On Etsy now, for digital items</dt>
              <dd className="mt-0.5 whitespace-pre-wrap">
                {data.changedOnEtsy.digitalMessage || '(no message)'}
              </dd>
            </dl>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                disabled={busy}
                onClick={() => keep.mutate()}
              >
                {PURCHASE_MESSAGE_PANEL_TEXTS.keepEtsy}
              </Button>
              <Button
                className="px-3 py-1.5"
                disabled={busy || blocked || invalid}
                onClick={() => save.mutate({ ...current, overwriteEtsyChanges: true })}
              >
                {PURCHASE_MESSAGE_PANEL_TEXTS.replace}
              </Button>
            </div>
          </Alert>
        </div>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!invalid && !blocked) save.mutate(current);
        }}
      >
        <MessageField
          label={PURCHASE_MESSAGE_PANEL_TEXTS.physicalLabel}
          value={current.message}
          tokenValues={data.tokenValues}
          onChange={(message) => {
            setDraft({ ...current, message });
            setError(null);
          }}
        />
        <MessageField
          label={PURCHASE_MESSAGE_PANEL_TEXTS.digitalLabel}
          value={current.digitalMessage}
          tokenValues={data.tokenValues}
          onChange={(digitalMessage) => {
            setDraft({ ...current, digitalMessage });
            setError(null);
          }}
        />
        <p className="mt-2 text-xs text-slate-500">{PURCHASE_MESSAGE_PANEL_TEXTS.tokens}</p>
        <p className="mt-1 text-xs text-slate-500">
          {data.lastPushedAt
            ? PURCHASE_MESSAGE_PANEL_TEXTS.lastSaved(formatTime(data.lastPushedAt))
            : PURCHASE_MESSAGE_PANEL_TEXTS.neverSaved}
        </p>
        {error ? (
          <p role="alert" className="mt-2 text-xs text-red-700">
            {error}
          </p>
        ) : null}
        <div className="mt-2">
          <Button
            type="submit"
            className="px-3 py-1.5"
            disabled={busy || blocked || invalid || data.changedOnEtsy !== null}
          >
            {save.isPending
              ? PURCHASE_MESSAGE_PANEL_TEXTS.saving
              : PURCHASE_MESSAGE_PANEL_TEXTS.save}
          </Button>
        </div>
      </form>
      <PurchaseMessageSchedulePanel shop={shop} tokenValues={data.tokenValues} blocked={blocked} />
    </section>
  );
}
