// What Thankly set up in a connected WooCommerce store: its two order webhooks (created with the
// seller's API key) and how each order is confirmed. The webhooks' secret stays between Thankly
// and the store, so there is nothing for the seller to paste or keep.
import { useState } from 'react';
import type { WooSetup } from '@thankly/api-contract';
import { Alert, Button } from '../../components/ui/index.ts';

function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div>
      <span className="block text-xs font-semibold text-slate-700">{label}</span>
      <div className="mt-1 flex gap-2">
        <input
          readOnly
          value={value}
          aria-label={label}
          onFocus={(e) => e.currentTarget.select()}
          className="focus-ring block w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-1.5 font-mono text-xs"
        />
        <Button
          type="button"
          variant="secondary"
          className="shrink-0 px-3 py-1.5"
          aria-label={`Copy ${label.toLowerCase()}`}
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}

export function WooSetupInstructions({ setup }: { setup: WooSetup }) {
  return (
    <div className="mt-2 space-y-3 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <Alert tone="success">
        Thankly created its webhooks in your store (WooCommerce → Settings → Advanced → Webhooks,
        “Thankly order.created” and “Thankly order.updated”). Nothing else to do: new paid orders
        get your thank-you email.
      </Alert>
      <CopyField label="Delivery URL" value={setup.deliveryUrl} />
      <p className="text-xs text-slate-600">
        Before emailing, Thankly reads each order back from your store with your API key, and emails
        a buyer once their order is <em>Processing</em> or <em>Completed</em> (or has a paid date),
        only once per order. Keep the API key in place: if you revoke it, emails stop until you
        reconnect the store.
      </p>
    </div>
  );
}
