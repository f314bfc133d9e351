// The seller's shops: connect Etsy (the browser goes to the URL the server returns), a Shopify
// shop by its address, or a WooCommerce store with its REST API key; every shop with its
// marketplace, state and last order, how its buyers are thanked (email, or print only), disconnect
// and, for the demo shop, simulated paid orders; the [coupon-code] value.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  CONNECT_MESSAGES,
  MARKETPLACE_NAMES,
  connectErrorText,
  getPlan,
} from '@thankly/api-contract/catalog';
import type { Shop, WooSetup } from '@thankly/api-contract';
import { Badge, Button, Card } from '../../components/ui/index.ts';
import { api, messageFor } from '../../lib/api.ts';
import { loadContract, usePreloadedContract } from '../../lib/load-contract.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { browserNavigation } from './browser-navigation.ts';
import {
  marketplaceKeys,
  useConnectableMarketplaces,
  useSendingSettings,
  useShops,
} from './marketplace-queries.ts';
import { DemoOrderButtons, DEMO_ORDER_MESSAGES } from './demo-order-buttons.tsx';
import { ShopifyConnectForm } from './shopify-connect-form.tsx';
import { ThankBySelect } from './thank-by-select.tsx';
import { WooConnectForm } from './woo-connect-form.tsx';
import { WooSetupInstructions } from './woo-setup-instructions.tsx';
import { COUPON_ANCHOR } from '../dashboard-anchors.ts';

export { browserNavigation };

export const MARKETPLACE_MESSAGES = {
  connectFailed: 'Could not start connecting your shop. Try again later.',
  disconnected: 'Shop disconnected.',
  disconnectFailed: 'Could not disconnect the shop. Try again later.',
  orderSimulated: DEMO_ORDER_MESSAGES.simulated,
  orderFailed: DEMO_ORDER_MESSAGES.failed,
  couponSaved: 'Coupon code saved.',
  couponFailed: 'Could not save the coupon code.',
  setupFailed: 'Could not load the setup. Try again later.',
} as const;

const lastOrderFormat = new Intl.DateTimeFormat('en', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Athens',
});

function lastOrderText(shop: Shop): string {
  if (!shop.lastOrderAt) return 'No orders yet';
  const date = new Date(shop.lastOrderAt);
  return `Last order ${Number.isNaN(date.getTime()) ? shop.lastOrderAt : lastOrderFormat.format(date)}`;
}

/** What Thankly set up in a WooCommerce store, fetched when the seller opens it. */
function WooSetupToggle({ shop }: { shop: Shop }) {
  const [open, setOpen] = useState(false);
  const setup = useQuery({
    queryKey: ['woocommerce', 'setup', shop.id],
    queryFn: () =>
      api
        .get<{ setup: WooSetup }>(`/woocommerce/shops/${encodeURIComponent(shop.id)}/setup`)
        .then((r) => r.setup),
    enabled: open,
    retry: false,
  });
  return (
    <>
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? 'Hide setup' : 'Store setup'}
      </Button>
      {open ? (
        <div className="w-full">
          {setup.data ? (
            <WooSetupInstructions setup={setup.data} />
          ) : setup.isError ? (
            <p className="mt-2 text-xs text-red-700">
              {messageFor(setup.error, MARKETPLACE_MESSAGES.setupFailed)}
            </p>
          ) : (
            <p className="mt-2 h-10 animate-pulse rounded bg-slate-100" aria-hidden="true" />
          )}
        </div>
      ) : null}
    </>
  );
}

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
        {shop.isDemo ? (
          <Badge tone="amber">Demo shop</Badge>
        ) : (
          <Badge>{MARKETPLACE_NAMES[shop.marketplace]}</Badge>
        )}
        <Badge tone={isConnected ? 'green' : 'slate'}>
          {isConnected ? 'Connected' : 'Disconnected'}
        </Badge>
      </div>
      <p className="mt-1 text-xs text-slate-600">{lastOrderText(shop)}</p>
      {shop.isDemo ? (
        <p className="mt-1 text-xs text-slate-600">
          A stand-in shop for trying Thankly: its orders and buyers are made up.
        </p>
      ) : null}
      {!isConnected && shop.statusReason ? (
        <p className="mt-1 text-xs text-red-700">{shop.statusReason}</p>
      ) : null}
      {isConnected ? <ThankBySelect shop={shop} /> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {shop.isDemo && isConnected ? <DemoOrderButtons shop={shop} /> : null}
        {shop.marketplace === 'woocommerce' && isConnected ? <WooSetupToggle shop={shop} /> : null}
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
  usePreloadedContract();
  const queryClient = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (couponCode: string) =>
      api.put<{ couponCode: string }>('/sending/settings', { couponCode }),
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

type ConnectForm = 'shopify' | 'woocommerce' | null;

/**
 * A marketplace's callback lands on the dashboard with ?connected= or ?connect_error=: said once
 * as a toast, then dropped from the address. Only Thankly's own messages are shown as they are,
 * since anyone can send a seller a link with words of their own in it.
 */
function useConnectOutcome() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const shown = useRef<string | null>(null);
  const connected = params.get('connected');
  const failure = params.get('connect_error');
  useEffect(() => {
    if (connected === null && failure === null) return;
    const key = `${connected}|${failure}`;
    if (shown.current === key) return;
    shown.current = key;
    if (failure !== null) toast.error(connectErrorText(failure));
    else {
      toast.success(CONNECT_MESSAGES.connected);
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.shops });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('connected');
        next.delete('connect_error');
        return next;
      },
      { replace: true },
    );
  }, [connected, failure, setParams, queryClient]);
}

/** Shown once the seller's connected shops fill their plan; the server refuses one more. */
function ShopLimitNote({ connected }: { connected: number }) {
  const session = useSession();
  if (!session.user) return null;
  const plan = getPlan(session.user.plan);
  if (connected < plan.shopLimit) return null;
  const shops = plan.shopLimit === 1 ? '1 shop' : `${plan.shopLimit} shops`;
  return (
    <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900" role="note">
      You have connected {shops}, all your {plan.name} plan allows.{' '}
      <Link to="/Account" className="font-medium underline">
        Upgrade your plan
      </Link>{' '}
      to connect more, or disconnect a shop first. Reconnecting a shop you have is always fine.
    </p>
  );
}

export function MarketplacePanel() {
  useConnectOutcome();
  const shops = useShops();
  const connectable = useConnectableMarketplaces();
  const [form, setForm] = useState<ConnectForm>(null);
  const connect = useMutation({
    mutationFn: () => api.get<{ url: string }>('/etsy/connect'),
    onSuccess: ({ url }) => browserNavigation.assign(url),
    onError: (error) => toast.error(messageFor(error, MARKETPLACE_MESSAGES.connectFailed)),
  });
  const list = shops.data ?? [];
  const hasShop = list.length > 0;
  const canShopify = connectable.data?.shopify ?? false;
  const canWoo = connectable.data?.woocommerce ?? false;
  return (
    <Card className="!p-4" aria-labelledby="marketplace-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="marketplace-heading" className="text-base font-semibold text-slate-900">
            {hasShop ? 'Your shops' : 'Connect your shop'}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {hasShop
              ? 'New paid orders get your thank-you email automatically.'
              : 'Connect your Etsy, Shopify or WooCommerce shop and every paid order gets your thank-you email automatically.'}
          </p>
        </div>
      </div>
      {shops.isPending ? (
        <p className="mt-3 h-12 animate-pulse rounded bg-slate-100" aria-hidden="true" />
      ) : hasShop ? (
        <ul className="mt-3 space-y-2" aria-label="Connected shops">
          {list.map((shop) => (
            <ShopRow key={shop.id} shop={shop} />
          ))}
        </ul>
      ) : null}
      <div className="mt-3 border-t border-slate-100 pt-3">
        <p className="text-xs font-semibold text-slate-700">
          {hasShop ? 'Connect another shop' : 'Choose your marketplace'}
        </p>
        <ShopLimitNote connected={list.filter((shop) => shop.status === 'connected').length} />
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            variant={hasShop ? 'secondary' : 'primary'}
            onClick={() => connect.mutate()}
            disabled={connect.isPending || connect.isSuccess}
          >
            {connect.isPending || connect.isSuccess
              ? 'Connecting…'
              : connectable.data?.etsy === false
                ? 'Try the demo shop'
                : 'Connect Etsy'}
          </Button>
          {canShopify ? (
            <Button
              variant="secondary"
              aria-expanded={form === 'shopify'}
              onClick={() => setForm(form === 'shopify' ? null : 'shopify')}
            >
              Connect Shopify
            </Button>
          ) : null}
          {canWoo ? (
            <Button
              variant="secondary"
              aria-expanded={form === 'woocommerce'}
              onClick={() => setForm(form === 'woocommerce' ? null : 'woocommerce')}
            >
              Connect WooCommerce
            </Button>
          ) : null}
        </div>
        {form === 'shopify' ? (
          <div className="mt-3">
            <ShopifyConnectForm onCancel={() => setForm(null)} />
          </div>
        ) : form === 'woocommerce' ? (
          <div className="mt-3">
            <WooConnectForm onDone={() => setForm(null)} />
          </div>
        ) : null}
      </div>
      <CouponCodeField />
    </Card>
  );
}
