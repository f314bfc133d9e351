// The seller's shops: connect Etsy (the browser goes to the URL the server returns), a Shopify
// shop by its address, or a WooCommerce store with its REST API key; every shop with its
// marketplace, state and last order, how its buyers are thanked (email, or print only), disconnect
// and, for the demo shop, simulated paid orders; the [coupon-code] value.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Card } from '../../components/ui/index.ts';
import { messageFor } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { toast } from '../../lib/toast.ts';
import { browserNavigation } from './browser-navigation.ts';
import { CouponCodeField } from './coupon-code-field.tsx';
import { MARKETPLACE_MESSAGES } from './marketplace-messages.ts';
import {
  useConnectableMarketplaces,
  useShops,
  useShopsFollowNewOrders,
} from './marketplace-queries.ts';
import { ShopLimitNote } from './shop-limit-note.tsx';
import { ShopRow } from './shop-row.tsx';
import { ShopifyConnectForm } from './shopify-connect-form.tsx';
import { useConnectOutcome } from './use-connect-outcome.ts';
import { WooConnectForm } from './woo-connect-form.tsx';

type ConnectForm = 'shopify' | 'woocommerce' | null;

export function MarketplacePanel() {
  useConnectOutcome();
  useShopsFollowNewOrders();
  const shops = useShops();
  const connectable = useConnectableMarketplaces();
  const [form, setForm] = useState<ConnectForm>(null);
  const connect = useMutation({
    mutationFn: () => callApi('GET /etsy/connect'),
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
