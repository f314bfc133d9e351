// The seller's shops: each marketplace's connect button or form from its web module (Etsy's goes
// to the URL the server returns, Shopify's asks for the shop's address, WooCommerce's for the
// store and its REST API key), in the contract's order; every shop with its marketplace, state and
// last order, how its buyers are thanked (email, or print only), disconnect and, for the demo
// shop, simulated paid orders; the [coupon-code] value.
import { useState } from 'react';
import { MARKETPLACES, type Marketplace } from '@thankly/api-contract/catalog';
import { Button, Card } from '../../components/ui/index.ts';
import { CouponCodeField } from './coupon-code-field.tsx';
import {
  useConnectableMarketplaces,
  useShops,
  useShopsFollowNewOrders,
} from './marketplace-queries.ts';
import type { WebMarketplaceModule } from './modules/web-marketplace-module.ts';
import { WEB_MARKETPLACES } from './modules/web-marketplaces.ts';
import { ShopLimitNote } from './shop-limit-note.tsx';
import { ShopRow } from './shop-row.tsx';
import { useConnectOutcome } from './use-connect-outcome.ts';

export function MarketplacePanel() {
  useConnectOutcome();
  useShopsFollowNewOrders();
  const shops = useShops();
  const connectable = useConnectableMarketplaces();
  const [form, setForm] = useState<Marketplace | null>(null);
  const list = shops.data ?? [];
  const hasShop = list.length > 0;
  const available = (marketplace: Marketplace): boolean | undefined =>
    (connectable.data as Partial<Record<Marketplace, boolean>> | undefined)?.[marketplace];
  const modules: WebMarketplaceModule[] = MARKETPLACES.map((m) => WEB_MARKETPLACES[m]);
  const openForm = modules.find((module) => module.id === form)?.connect;
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
          {modules.map(({ id, connect }) =>
            connect?.kind === 'button' ? (
              <connect.Button key={id} available={available(id)} leads={!hasShop} />
            ) : connect?.kind === 'form' && (available(id) ?? false) ? (
              <Button
                key={id}
                variant="secondary"
                aria-expanded={form === id}
                onClick={() => setForm(form === id ? null : id)}
              >
                {connect.label}
              </Button>
            ) : null,
          )}
        </div>
        {openForm?.kind === 'form' ? (
          <div className="mt-3">
            <openForm.Form onClose={() => setForm(null)} />
          </div>
        ) : null}
      </div>
      <CouponCodeField />
    </Card>
  );
}
