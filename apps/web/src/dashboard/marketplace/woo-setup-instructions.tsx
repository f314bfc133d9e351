// What a seller does in WooCommerce so that their store tells Thankly about orders: the delivery
// URL and secret to paste, step by step (or, when Thankly created the webhooks, a confirmation).
import { useState } from 'react';
import type { WooSetup } from '@thankly/api-contract';
import { Alert, Button } from '../../components/ui.tsx';

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
      {setup.automatic ? (
        <Alert tone="success">
          Thankly created the webhooks in your store for you. Nothing else to do: new paid orders
          get your thank-you email. Keep the details below in case you ever set them up again.
        </Alert>
      ) : (
        <>
          <p className="font-semibold text-slate-900">Set up your store (about two minutes)</p>
          <ol className="list-decimal space-y-1 pl-5 text-slate-700">
            <li>
              In WordPress, open <strong>WooCommerce → Settings → Advanced → Webhooks</strong> and
              click <strong>Add webhook</strong>.
            </li>
            <li>
              Name it “Thankly – order created”, set <strong>Status</strong> to Active and{' '}
              <strong>Topic</strong> to <strong>Order created</strong>.
            </li>
            <li>
              Paste the <strong>Delivery URL</strong> and the <strong>Secret</strong> below, leave
              API version as it is, and click <strong>Save webhook</strong>.
            </li>
            <li>
              Add a second webhook the same way with the topic <strong>Order updated</strong>: most
              orders are paid after they are created, and that is the moment Thankly emails.
            </li>
          </ol>
        </>
      )}
      <CopyField label="Delivery URL" value={setup.deliveryUrl} />
      <CopyField label="Secret" value={setup.secret} />
      <p className="text-xs text-slate-600">
        Thankly emails a buyer once their order is <em>Processing</em> or <em>Completed</em> (or has
        a paid date), and only once per order. Keep the secret private: it proves the orders come
        from your store.
      </p>
    </div>
  );
}
