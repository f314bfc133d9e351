// Connect a Shopify shop: the seller names it by its myshopify.com address, then the browser goes
// to that shop's admin to approve Thankly (the URL the server returns).
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, TextField } from '../../components/ui/index.ts';
import { messageFor } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { loadContract, usePreloadedContract } from '../../lib/load-contract.ts';
import { browserNavigation } from './browser-navigation.ts';

export const SHOPIFY_MESSAGES = {
  connectFailed: 'Could not start connecting your Shopify shop. Try again later.',
} as const;

export function ShopifyConnectForm({ onCancel }: { onCancel: () => void }) {
  const [shop, setShop] = useState('');
  const [error, setError] = useState<string | null>(null);
  const connect = useMutation({
    mutationFn: (domain: string) => callApi('POST /shopify/connect', { body: { shop: domain } }),
    onSuccess: ({ url }) => browserNavigation.assign(url),
    onError: (e) => setError(messageFor(e, SHOPIFY_MESSAGES.connectFailed)),
  });
  usePreloadedContract();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const contract = await loadContract().catch(() => null);
    if (!contract) {
      setError(SHOPIFY_MESSAGES.connectFailed);
      return;
    }
    const parsed = contract.shopifyConnectSchema.safeParse({ shop });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? SHOPIFY_MESSAGES.connectFailed);
      return;
    }
    setError(null);
    connect.mutate(parsed.data.shop);
  }
  const busy = connect.isPending || connect.isSuccess;
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Connect a Shopify shop">
      <TextField
        label="Shopify shop address"
        name="shop"
        value={shop}
        placeholder="your-shop.myshopify.com"
        autoComplete="off"
        spellCheck={false}
        error={error}
        hint="Find it in your Shopify admin under Settings → Domains. You will approve Thankly there."
        onChange={(e) => {
          setShop(e.target.value);
          setError(null);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Connecting…' : 'Continue to Shopify'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
