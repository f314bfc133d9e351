// Opens an Etsy shop's purchase message panel; the panel (and the rules it checks as the seller
// types) loads only then.
import { Suspense, lazy, useState } from 'react';
import type { Shop } from '@thankly/api-contract';
import { Button } from '../../components/ui/index.ts';

const PurchaseMessagePanel = lazy(() =>
  import('./purchase-message-panel.tsx').then((m) => ({ default: m.PurchaseMessagePanel })),
);

export function PurchaseMessageToggle({ shop }: { shop: Shop }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? 'Hide purchase message' : 'Purchase message'}
      </Button>
      {open ? (
        <Suspense
          fallback={
            <p className="mt-2 h-24 w-full animate-pulse rounded bg-slate-100" aria-hidden="true" />
          }
        >
          <PurchaseMessagePanel shop={shop} />
        </Suspense>
      ) : null}
    </>
  );
}
