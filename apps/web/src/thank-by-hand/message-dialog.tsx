// "Copy message": the thank-you as plain text to paste into the marketplace's own buyer messaging
// (Thankly never sends through a marketplace), then "Mark message sent" once it went.
import type { MarketplaceMessage } from '@thankly/api-contract';
import { MARKETPLACE_NAMES } from '@thankly/api-contract/catalog';
import { ExternalLink } from 'lucide-react';
import { Alert, Button } from '../components/ui/index.ts';
import { toast } from '../lib/toast.ts';
import { errorText, useMarkMessageSent, useMarketplaceMessage } from './by-hand-queries.ts';
import { CopyableMessage } from './copyable-message.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';

export const MESSAGE_MESSAGES = {
  loadFailed: 'The message could not be loaded.',
  markFailed: 'The message could not be marked sent. Try again.',
  marked: (orderNumber: string) => `Order ${orderNumber} is marked as thanked by message.`,
} as const;

/** Where the seller pastes it; the demo shop stands in for a marketplace and has no messaging. */
function neverSendsNote({ marketplace }: MarketplaceMessage): string {
  if (marketplace === 'demo') {
    return 'Thankly never sends through a marketplace: paste this into your buyer messages there.';
  }
  const name = MARKETPLACE_NAMES[marketplace];
  return `Thankly never sends through ${name}: paste this into your buyer messages there.`;
}

export function MessageDialog({
  orderId,
  orderNumber,
  onClose,
}: {
  orderId: string;
  /** As the seller reads it, with its # (#1002). */
  orderNumber: string;
  onClose: () => void;
}) {
  const message = useMarketplaceMessage(orderId);
  const markSent = useMarkMessageSent(orderId);

  function markAsSent() {
    markSent.mutate(undefined, {
      onSuccess: () => {
        toast.success(MESSAGE_MESSAGES.marked(orderNumber));
        onClose();
      },
    });
  }

  return (
    <ModalDialog title={`Message for order ${orderNumber}`} onClose={onClose}>
      {message.isPending ? (
        <div aria-hidden="true" className="h-48 animate-pulse rounded-lg bg-slate-100" />
      ) : message.isError ? (
        <div className="space-y-3">
          <Alert>{errorText(message.error, MESSAGE_MESSAGES.loadFailed)}</Alert>
          <Button variant="secondary" onClick={() => message.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{neverSendsNote(message.data)}</p>
          <CopyableMessage text={message.data.text} />
          {message.data.orderUrl ? (
            <a
              href={message.data.orderUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="focus-ring inline-flex items-center gap-2 text-sm font-semibold text-brand-700 underline"
            >
              Open order on {MARKETPLACE_NAMES[message.data.marketplace]}
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
          {markSent.isError ? (
            <Alert>{errorText(markSent.error, MESSAGE_MESSAGES.markFailed)}</Alert>
          ) : null}
          <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 pt-4">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={markAsSent} disabled={markSent.isPending}>
              {markSent.isPending ? 'Marking…' : 'Mark message sent'}
            </Button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
