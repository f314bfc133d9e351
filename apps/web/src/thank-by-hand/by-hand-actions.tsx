// For an order waiting to be thanked by hand: print its card, or copy a message for the
// marketplace's buyer messaging.
import { useState } from 'react';
import { MessageSquareText, Printer } from 'lucide-react';
import { Button, ButtonLink } from '../components/ui/index.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { MessageDialog } from './message-dialog.tsx';

export function cardPath(orderId: string): string {
  return `${PRODUCT_PATH}/cards?ids=${encodeURIComponent(orderId)}`;
}

const SMALL = 'px-3 py-1.5 text-xs';

export function ByHandActions({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const [open, setOpen] = useState(false);
  // Every row has these two: the order number tells them apart for screen readers.
  const forOrder = <span className="sr-only">for order {orderNumber}</span>;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <ButtonLink to={cardPath(orderId)} variant="secondary" className={SMALL}>
        <Printer aria-hidden="true" className="h-4 w-4" />
        Print card {forOrder}
      </ButtonLink>
      <Button variant="secondary" className={SMALL} onClick={() => setOpen(true)}>
        <MessageSquareText aria-hidden="true" className="h-4 w-4" />
        Copy message {forOrder}
      </Button>
      {open ? (
        <MessageDialog orderId={orderId} orderNumber={orderNumber} onClose={() => setOpen(false)} />
      ) : null}
    </div>
  );
}
