// One connected shop: its name and marketplace, state and last order, its web address, how its
// buyers are thanked, and its actions (simulated orders for the demo shop, its marketplace's own
// ones from its web module, disconnect).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MARKETPLACE_NAMES } from '@thankly/api-contract/catalog';
import type { Shop } from '@thankly/api-contract';
import { Badge, Button } from '../../components/ui/index.ts';
import { messageFor } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { useFormatSellerTime } from '../../lib/seller-time.ts';
import { toast } from '../../lib/toast.ts';
import { DemoOrderButtons } from './demo-order-buttons.tsx';
import { MARKETPLACE_MESSAGES } from './marketplace-messages.ts';
import { marketplaceKeys } from './marketplace-queries.ts';
import type { WebMarketplaceModule } from './modules/web-marketplace-module.ts';
import { WEB_MARKETPLACES } from './modules/web-marketplaces.ts';
import { ShopAddressField } from './shop-address-field.tsx';
import { ThankBySelect } from './thank-by-select.tsx';

function lastOrderText(shop: Shop, formatTime: (iso: string) => string): string {
  return shop.lastOrderAt ? `Last order ${formatTime(shop.lastOrderAt)}` : 'No orders yet';
}

export function ShopRow({ shop }: { shop: Shop }) {
  const formatTime = useFormatSellerTime();
  const queryClient = useQueryClient();
  const disconnect = useMutation({
    mutationFn: () => callApi('DELETE /shops/:id', { params: { id: shop.id } }),
    onSuccess: () => {
      toast.success(MARKETPLACE_MESSAGES.disconnected);
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.shops });
    },
    onError: (error) => toast.error(messageFor(error, MARKETPLACE_MESSAGES.disconnectFailed)),
  });
  const isConnected = shop.status === 'connected';
  const { ShopActions }: WebMarketplaceModule = WEB_MARKETPLACES[shop.marketplace];
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
      <p className="mt-1 text-xs text-slate-600">{lastOrderText(shop, formatTime)}</p>
      {shop.isDemo ? (
        <p className="mt-1 text-xs text-slate-600">
          A stand-in shop for trying Thankly: its orders and buyers are made up.
        </p>
      ) : null}
      {!isConnected && shop.statusReason ? (
        <p className="mt-1 text-xs text-red-700">{shop.statusReason}</p>
      ) : null}
      {isConnected ? <ShopAddressField shop={shop} /> : null}
      {isConnected ? <ThankBySelect shop={shop} /> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {shop.isDemo && isConnected ? <DemoOrderButtons shop={shop} /> : null}
        {ShopActions && isConnected ? <ShopActions shop={shop} /> : null}
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
