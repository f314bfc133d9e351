// Dated purchase messages, inside an Etsy shop's purchase message panel: which message buyers get
// now, the next switch (on the seller's clock), why a due switch waits (changed on Etsy, Etsy not
// answering), and the list of date ranges with their own texts, to add, edit and remove.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PURCHASE_MESSAGE_MAX_CHARS,
  PURCHASE_MESSAGE_TEXTS,
  type PurchaseMessage,
  type PurchaseMessageSchedule,
  type PurchaseMessageScheduleEntry,
  purchaseMessageProblem,
} from '@thankly/api-contract';
import type { Shop } from '@thankly/api-contract';
import { Link } from 'react-router';
import { UPGRADE_PATH } from '../../components/app-shell/app-nav.ts';
import { Alert, Badge, Button, FieldDensity, TextField } from '../../components/ui/index.ts';
import { messageFor } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { formatSellerTime } from '../../lib/seller-time.ts';
import { toast } from '../../lib/toast.ts';
import { MessageField, count } from './purchase-message-field.tsx';

const CALENDAR_DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/** "Dec 20, 2026": a calendar date (YYYY-MM-DD), which is the same day in every zone. */
export function formatCalendarDate(date: string): string {
  const instant = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(instant.getTime()) ? date : CALENDAR_DATE.format(instant);
}

function rangeOf(entry: Pick<PurchaseMessageScheduleEntry, 'startDate' | 'endDate'>): string {
  return entry.startDate === entry.endDate
    ? formatCalendarDate(entry.startDate)
    : `${formatCalendarDate(entry.startDate)} – ${formatCalendarDate(entry.endDate)}`;
}

export const PURCHASE_MESSAGE_SCHEDULE_TEXTS = {
  heading: 'Dated messages',
  intro: (zone: string) =>
    `Give a stretch of days its own message, such as a holiday note from 1 to 31 December. Thankly puts it on Etsy at midnight on the first day and your regular message back at midnight after the last day (${zone}).`,
  liveRegular: 'Buyers get your regular message now.',
  liveDated: (range: string) => `Buyers get your dated message for ${range} now.`,
  liveOther: 'Buyers get a dated message you have since changed or removed.',
  nextTo: (when: string, what: string) => `Next switch: ${when}, to ${what}.`,
  regular: 'your regular message',
  liveBadge: 'Live now',
  dated: (range: string) => `your dated message for ${range}`,
  noNext: 'No switch is coming up.',
  none: 'No dated messages yet.',
  add: 'Add a dated message',
  addTitle: 'New dated message',
  editTitle: (range: string) => `Edit the message for ${range}`,
  firstDay: 'First day',
  lastDay: 'Last day',
  physicalLabel: 'Message to buyers during these days',
  digitalLabel: 'Message to buyers of digital items during these days',
  emptyPreview: 'Empty: buyers get your regular message for this.',
  save: 'Save dated message',
  saving: 'Saving…',
  cancel: 'Cancel',
  edit: 'Edit',
  remove: 'Remove',
  removeQuestion: (range: string) =>
    `Remove the dated message for ${range}? If buyers get it now, Thankly puts your regular message back on Etsy at once.`,
  saved: 'Dated message saved.',
  removed: 'Dated message removed.',
  failed: 'Could not save your dated message. Try again in a moment.',
  loadFailed: 'Could not load your dated messages. Try again in a moment.',
  retryAt: (when: string) => `Thankly tries again at ${when}.`,
} as const;

type Draft = { id: string | null } & Omit<PurchaseMessageScheduleEntry, 'id'>;

function liveText(data: PurchaseMessageSchedule): string {
  if (data.liveEntryId === null) return PURCHASE_MESSAGE_SCHEDULE_TEXTS.liveRegular;
  const entry = data.entries.find((e) => e.id === data.liveEntryId);
  return entry
    ? PURCHASE_MESSAGE_SCHEDULE_TEXTS.liveDated(rangeOf(entry))
    : PURCHASE_MESSAGE_SCHEDULE_TEXTS.liveOther;
}

function nextText(data: PurchaseMessageSchedule): string {
  const next = data.nextSwitch;
  if (!next) return PURCHASE_MESSAGE_SCHEDULE_TEXTS.noNext;
  const entry = data.entries.find((e) => e.id === next.entryId);
  const what = entry
    ? PURCHASE_MESSAGE_SCHEDULE_TEXTS.dated(rangeOf(entry))
    : PURCHASE_MESSAGE_SCHEDULE_TEXTS.regular;
  return PURCHASE_MESSAGE_SCHEDULE_TEXTS.nextTo(formatSellerTime(next.at, data.timeZone), what);
}

function EntryForm({
  draft,
  onChange,
  onCancel,
  onSave,
  saving,
  tokenValues,
  disabled,
}: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  onCancel: () => void;
  onSave: () => void;
  saving: boolean;
  tokenValues: PurchaseMessage['tokenValues'];
  disabled: boolean;
}) {
  const T = PURCHASE_MESSAGE_SCHEDULE_TEXTS;
  const invalid =
    !draft.startDate ||
    !draft.endDate ||
    draft.endDate < draft.startDate ||
    (draft.message.trim() === '' && draft.digitalMessage.trim() === '') ||
    [draft.message, draft.digitalMessage].some(
      (text) =>
        purchaseMessageProblem(text) !== null ||
        count(text, tokenValues) > PURCHASE_MESSAGE_MAX_CHARS,
    );
  return (
    <form
      noValidate
      aria-label={draft.id ? T.editTitle(rangeOf(draft)) : T.addTitle}
      className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalid && !disabled) onSave();
      }}
    >
      <p className="text-xs font-semibold text-slate-800">
        {draft.id ? T.editTitle(rangeOf(draft)) : T.addTitle}
      </p>
      <FieldDensity value="compact">
        <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <TextField
            label={T.firstDay}
            type="date"
            value={draft.startDate}
            onChange={(e) => onChange({ ...draft, startDate: e.target.value })}
          />
          <TextField
            label={T.lastDay}
            type="date"
            value={draft.endDate}
            min={draft.startDate || undefined}
            onChange={(e) => onChange({ ...draft, endDate: e.target.value })}
          />
        </div>
      </FieldDensity>
      <MessageField
        label={T.physicalLabel}
        value={draft.message}
        tokenValues={tokenValues}
        emptyPreview={T.emptyPreview}
        onChange={(message) => onChange({ ...draft, message })}
      />
      <MessageField
        label={T.digitalLabel}
        value={draft.digitalMessage}
        tokenValues={tokenValues}
        emptyPreview={T.emptyPreview}
        onChange={(digitalMessage) => onChange({ ...draft, digitalMessage })}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" className="px-3 py-1.5" disabled={saving || invalid || disabled}>
          {saving ? T.saving : T.save}
        </Button>
        <Button variant="ghost" className="px-3 py-1.5" onClick={onCancel}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}

export function PurchaseMessageSchedulePanel({
  shop,
  tokenValues,
  blocked,
}: {
  shop: Shop;
  tokenValues: PurchaseMessage['tokenValues'];
  /** The shop must be reconnected before anything can reach Etsy. */
  blocked: boolean;
}) {
  const T = PURCHASE_MESSAGE_SCHEDULE_TEXTS;
  const queryClient = useQueryClient();
  const messageKey = ['shops', shop.id, 'purchase-message'];
  const queryKey = [...messageKey, 'schedule'];
  const loaded = useQuery({
    queryKey,
    queryFn: () => callApi('GET /shops/:id/purchase-message/schedule', { params: { id: shop.id } }),
    retry: false,
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);

  const settle = (reply: PurchaseMessageSchedule, done: string) => {
    queryClient.setQueryData(queryKey, reply);
    // A switch reads Etsy's texts: a change made there shows in the panel above.
    void queryClient.invalidateQueries({ queryKey: messageKey, exact: true });
    setDraft(null);
    setError(null);
    toast.success(done, { key: `purchase-message-schedule-${shop.id}` });
  };
  const save = useMutation({
    mutationFn: ({ id, ...body }: Draft) =>
      id
        ? callApi('PUT /shops/:id/purchase-message/schedule/:entryId', {
            params: { id: shop.id, entryId: id },
            body,
          })
        : callApi('POST /shops/:id/purchase-message/schedule', { params: { id: shop.id }, body }),
    onSuccess: (reply) => settle(reply, T.saved),
    onError: (e) => setError(messageFor(e, T.failed)),
  });
  const remove = useMutation({
    mutationFn: (entryId: string) =>
      callApi('DELETE /shops/:id/purchase-message/schedule/:entryId', {
        params: { id: shop.id, entryId },
      }),
    onSuccess: (reply) => settle(reply, T.removed),
    onError: (e) => setError(messageFor(e, T.failed)),
  });

  if (loaded.isPending)
    return <p className="mt-4 h-16 animate-pulse rounded bg-slate-100" aria-hidden="true" />;
  if (loaded.isError)
    return <p className="mt-4 text-xs text-red-700">{messageFor(loaded.error, T.loadFailed)}</p>;
  const data = loaded.data;
  const busy = save.isPending || remove.isPending;

  return (
    <section
      aria-label={`${T.heading} for ${shop.name}`}
      className="mt-4 border-t border-slate-200 pt-3"
    >
      <h3 className="text-sm font-semibold text-slate-900">{T.heading}</h3>
      <p className="mt-1 text-xs text-slate-600">{T.intro(data.timeZone.replaceAll('_', ' '))}</p>
      <div data-testid="purchase-message-now" className="mt-2 rounded-md bg-brand-50 p-2 text-xs">
        <p className="font-semibold text-slate-900">{liveText(data)}</p>
        <p className="mt-0.5 text-slate-700">{nextText(data)}</p>
      </div>
      {data.waiting ? (
        <div className="mt-2">
          <Alert tone="info">
            <p>{data.waiting.reason}</p>
            {data.waiting.retryAt ? (
              <p className="mt-1">
                {T.retryAt(formatSellerTime(data.waiting.retryAt, data.timeZone))}
              </p>
            ) : null}
          </Alert>
        </div>
      ) : null}
      {data.entries.length === 0 ? (
        <p className="mt-2 text-xs text-slate-500">{T.none}</p>
      ) : (
        <ul className="mt-2 space-y-2" aria-label={T.heading}>
          {data.entries.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-col gap-2 rounded-md border border-slate-200 p-2 text-xs sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {rangeOf(entry)}
                  {entry.id === data.liveEntryId ? (
                    <span className="ml-2">
                      <Badge tone="green">{T.liveBadge}</Badge>
                    </span>
                  ) : null}
                </p>
                <p className="mt-0.5 line-clamp-2 break-words whitespace-pre-wrap text-slate-700">
                  {entry.message || entry.digitalMessage}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  variant="secondary"
                  className="px-2 py-1"
                  aria-label={`${T.edit} the message for ${rangeOf(entry)}`}
                  disabled={busy}
                  onClick={() => {
                    setDraft({ ...entry });
                    setError(null);
                  }}
                >
                  {T.edit}
                </Button>
                <Button
                  variant="ghost"
                  className="px-2 py-1"
                  aria-label={`${T.remove} the message for ${rangeOf(entry)}`}
                  disabled={busy}
                  onClick={() => {
                    if (window.confirm(T.removeQuestion(rangeOf(entry)))) remove.mutate(entry.id);
                  }}
                >
                  {T.remove}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p role="alert" className="mt-2 text-xs text-red-700">
          {error}
        </p>
      ) : null}
      {draft ? (
        <EntryForm
          draft={draft}
          onChange={(next) => {
            setDraft(next);
            setError(null);
          }}
          onCancel={() => {
            setDraft(null);
            setError(null);
          }}
          onSave={() => save.mutate(draft)}
          saving={save.isPending}
          tokenValues={tokenValues}
          disabled={blocked}
        />
      ) : data.available ? (
        <Button
          variant="secondary"
          className="mt-3 px-3 py-1.5"
          disabled={blocked || busy}
          onClick={() =>
            setDraft({ id: null, startDate: '', endDate: '', message: '', digitalMessage: '' })
          }
        >
          {T.add}
        </Button>
      ) : (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            disabled
            aria-describedby={`${shop.id}-schedule-paid`}
          >
            {T.add}
          </Button>
          <p id={`${shop.id}-schedule-paid`} className="text-xs text-slate-600">
            {PURCHASE_MESSAGE_TEXTS.schedulePaid}{' '}
            <Link to={UPGRADE_PATH} className="focus-ring font-medium text-brand-700 underline">
              See plans
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}
