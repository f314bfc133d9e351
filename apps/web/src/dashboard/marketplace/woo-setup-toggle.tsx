import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Shop, WooSetup } from '@thankly/api-contract';
import { Button } from '../../components/ui/index.ts';
import { messageFor } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { MARKETPLACE_MESSAGES } from './marketplace-messages.ts';
import { WooSetupInstructions } from './woo-setup-instructions.tsx';

export /** What Thankly set up in a WooCommerce store, fetched when the seller opens it. */
function WooSetupToggle({ shop }: { shop: Shop }) {
  const [open, setOpen] = useState(false);
  const setup = useQuery({
    queryKey: ['woocommerce', 'setup', shop.id],
    queryFn: () =>
      callApi('GET /woocommerce/shops/:id/setup', { params: { id: shop.id } }).then(
        (r): WooSetup => r.setup,
      ),
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
