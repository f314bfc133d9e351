// 'Connect your Etsy shop': connect (the browser goes to the URL the server returns), the connected
// shops with disconnect and, for the demo shop, a simulated paid order; the [coupon-code] value.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendingSettingsSchema, type Shop } from '@thankly/api-contract';
import { Badge, Button, Card } from '../../components/ui.tsx';
import { api, messageFor } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { marketplaceKeys, useSendingSettings, useShops } from './marketplace-queries.ts';

export const MARKETPLACE_MESSAGES = {
  connectFailed: 'Could not start connecting your shop. Try again later.',
  disconnected: 'Shop disconnected.',
  disconnectFailed: 'Could not disconnect the shop. Try again later.',
  orderSimulated: 'Demo order placed - watch the activity list below.',
  orderFailed: 'Could not simulate an order. Try again later.',
  couponSaved: 'Coupon code saved.',
  couponFailed: 'Could not save the coupon code.',
} as const;

/** Leaves for the marketplace's consent page (or, without credentials, the demo shop link). */
export const browserNavigation = {
  assign(url: string) {
    window.location.assign(url);
  },
};

function ShopRow({ shop }: { shop: Shop }) {
  const queryClient = useQueryClient();
  const disconnect = useMutation({
    mutationFn: () => api.delete<{ ok: true }>(`/shops/${encodeURIComponent(shop.id)}`),
    onSuccess: () => {
      toast.success(MARKETPLACE_MESSAGES.disconnected);
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.shops });
    },
    onError: (error) => toast.error(messageFor(error, MARKETPLACE_MESSAGES.disconnectFailed)),
  });
  const simulate = useMutation({
    mutationFn: () => api.post<{ ok: true }>(`/shops/${encodeURIComponent(shop.id)}/demo-order`),
    onSuccess: () => {
      toast.success(MARKETPLACE_MESSAGES.orderSimulated);
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.activity });
    },
    onError: (error) => toast.error(messageFor(error, MARKETPLACE_MESSAGES.orderFailed)),
  });
  const isConnected = shop.status === 'connected';
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold text-slate-900">
          {shop.url ? (
            <a
              href={shop.url}
              target="_blank"
              rel="noopener noreferrer"
              className="focus-ring underline"
            >
              {shop.name}
            </a>
          ) : (
            shop.name
          )}
        </p>
        {shop.isDemo ? <Badge tone="amber">Demo shop</Badge> : <Badge>Etsy</Badge>}
        <Badge tone={isConnected ? 'green' : 'slate'}>
          {isConnected ? 'Connected' : 'Disconnected'}
        </Badge>
      </div>
      {shop.isDemo ? (
        <p className="mt-1 text-xs text-slate-600">
          A stand-in shop for trying Thankly: its orders and buyers are made up.
        </p>
      ) : null}
      {!isConnected && shop.statusReason ? (
        <p className="mt-1 text-xs text-red-700">{shop.statusReason}</p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {shop.isDemo && isConnected ? (
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            disabled={simulate.isPending}
            onClick={() => simulate.mutate()}
          >
            {simulate.isPending ? 'Placing order…' : 'Simulate a paid order'}
          </Button>
        ) : null}
        <Button
          variant="ghost"
          className="px-3 py-1.5 text-red-700 hover:bg-red-50"
          disabled={disconnect.isPending}
          aria-label={`Disconnect ${shop.name}`}
          onClick={() => {
            if (window.confirm(`Disconnect ${shop.name}? Thankly stops emailing its buyers.`))
              disconnect.mutate();
          }}
        >
          Disconnect
        </Button>
      </div>
    </li>
  );
}

function CouponCodeField() {
  const settings = useSendingSettings();
  const queryClient = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (couponCode: string) =>
      api.put<{ couponCode: string }>('/sending/settings', { couponCode }),
    onSuccess: (reply) => {
      queryClient.setQueryData(marketplaceKeys.settings, reply);
      setDraft(null);
      toast.success(MARKETPLACE_MESSAGES.couponSaved);
    },
    onError: (e) => setError(messageFor(e, MARKETPLACE_MESSAGES.couponFailed)),
  });
  if (settings.isError) return null;
  const value = draft ?? settings.data?.couponCode ?? '';
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = sendingSettingsSchema.safeParse({ couponCode: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MARKETPLACE_MESSAGES.couponFailed);
      return;
    }
    setError(null);
    save.mutate(parsed.data.couponCode);
  }
  return (
    <form onSubmit={submit} className="mt-4 border-t border-slate-100 pt-3" noValidate>
      <label htmlFor={id} className="block text-xs font-semibold text-slate-700">
        Coupon code <span className="font-normal text-slate-500">(fills [coupon-code])</span>
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          value={value}
          disabled={settings.isPending}
          placeholder="THANKYOU20"
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

export function MarketplacePanel() {
  const shops = useShops();
  const connect = useMutation({
    mutationFn: () => api.get<{ url: string }>('/etsy/connect'),
    onSuccess: ({ url }) => browserNavigation.assign(url),
    onError: (error) => toast.error(messageFor(error, MARKETPLACE_MESSAGES.connectFailed)),
  });
  const list = shops.data ?? [];
  const hasShop = list.length > 0;
  return (
    <Card className="!p-4" aria-labelledby="marketplace-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="marketplace-heading" className="text-base font-semibold text-slate-900">
            {hasShop ? 'Your shop' : 'Connect your Etsy shop'}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {hasShop
              ? 'New paid orders get your thank-you email automatically.'
              : 'Connect your shop and every paid order gets your thank-you email automatically.'}
          </p>
        </div>
        <Button
          variant={hasShop ? 'secondary' : 'primary'}
          onClick={() => connect.mutate()}
          disabled={connect.isPending || connect.isSuccess}
        >
          {connect.isPending || connect.isSuccess
            ? 'Connecting…'
            : hasShop
              ? 'Connect another'
              : 'Connect'}
        </Button>
      </div>
      {shops.isPending ? (
        <p className="mt-3 h-12 animate-pulse rounded bg-slate-100" aria-hidden="true" />
      ) : hasShop ? (
        <ul className="mt-3 space-y-2">
          {list.map((shop) => (
            <ShopRow key={shop.id} shop={shop} />
          ))}
        </ul>
      ) : null}
      <CouponCodeField />
    </Card>
  );
}
