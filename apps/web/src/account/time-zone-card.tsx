// The seller's time zone: the one clock every time in the app is shown on, where a new journey
// starts, and where dated templates start and end. Taken from the browser at sign-up.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE, TIME_ZONE_MESSAGES, type Me, type User } from '@thankly/api-contract';
import { Button, Card } from '../components/ui/index.ts';
import { ComboboxField, type ComboboxOption } from '../components/ui/combobox-field.tsx';
import { messageFor } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import { formatSellerTime } from '../lib/seller-time.ts';
import { SESSION_KEY } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';

/** Every zone this browser knows, UTC (Chrome lists none) and the saved one even if it is missing. */
export function timeZoneOptions(current: string): ComboboxOption[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add(DEFAULT_TIME_ZONE);
  zones.add(current);
  return [...zones]
    .sort((a, b) => a.localeCompare(b))
    .map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

export function TimeZoneCard({
  timeZone,
  accountKey,
}: {
  timeZone: string;
  accountKey: readonly unknown[];
}) {
  const client = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState(timeZone);
  const [error, setError] = useState<string | null>(null);
  const [now] = useState(() => new Date());
  const options = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  const save = useMutation({
    mutationFn: (value: string) => callApi('PATCH /me/time-zone', { body: { timeZone: value } }),
    onSuccess: ({ timeZone: stored }) => {
      setDraft(stored);
      client.setQueryData<Me>(accountKey, (old) => (old ? { ...old, timeZone: stored } : old));
      client.setQueryData<User | null>(SESSION_KEY, (old) =>
        old ? { ...old, timeZone: stored } : old,
      );
      // Everything dated on the seller's clock (the journey's default, today's template) re-reads.
      void client.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] && q.queryKey[0] !== accountKey[0],
      });
      toast.success(TIME_ZONE_MESSAGES.saved);
    },
    onError: (err) => setError(messageFor(err, 'Could not save your time zone. Try again.')),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(draft);
  };
  return (
    <Card aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Time zone
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Every time Thankly shows you, from Recent orders to scheduled follow-ups, is on this clock.
        A new journey sends on it, and dated templates start and end at midnight here.
      </p>
      <form onSubmit={onSubmit} className="mt-4 space-y-3">
        <ComboboxField
          label="Your time zone"
          hint={`It’s ${formatSellerTime(now, draft)} there now. Type a city to search.`}
          value={draft}
          options={options}
          error={error}
          noMatches={(query) => `No time zone matches “${query}”. Try a city near you.`}
          onChange={(zone) => {
            setDraft(zone);
            setError(null);
          }}
        />
        <Button type="submit" disabled={save.isPending || draft === timeZone}>
          Save time zone
        </Button>
      </form>
    </Card>
  );
}
