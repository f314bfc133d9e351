// "Check deliverability" in the editor: sends the design as it is on screen (saved or not) to the
// server, which builds the email a buyer would get and runs the content rules and SpamAssassin.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ContentCheckInput, ContentCheckReport } from '@thankly/api-contract';
import { Loader2, ShieldCheck } from 'lucide-react';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { Alert, Button } from '../../components/ui/index.ts';
import { messageFor } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { CheckReport } from './check-report.tsx';

export const CHECK_FAILED = 'The check could not run just now. Please try again in a minute.';
export const CHECKING = 'Checking… this takes a few seconds.';

/** `input` is read when the seller clicks, so the check sees the latest edit. */
export function DeliverabilityCheckButton({ input }: { input: () => ContentCheckInput }) {
  const [open, setOpen] = useState(false);
  const check = useMutation({
    mutationFn: (body: ContentCheckInput): Promise<ContentCheckReport> =>
      callApi('POST /templates/deliverability-check', { body }),
  });

  function run() {
    setOpen(true);
    check.mutate(input());
  }

  function close() {
    setOpen(false);
    check.reset();
  }

  return (
    <>
      <Button variant="secondary" onClick={run} data-keep-selection>
        <ShieldCheck aria-hidden="true" className="h-4 w-4" />
        Check deliverability
      </Button>
      {open ? (
        <ModalDialog
          title="Deliverability check"
          description="Your email as a buyer gets it, with sample order details, checked the way spam filters look at it."
          onClose={close}
        >
          <div aria-live="polite">
            {check.isPending ? (
              <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-700">
                <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
                {CHECKING}
              </p>
            ) : null}
            {check.isError ? (
              <div className="space-y-3">
                <Alert>{messageFor(check.error, CHECK_FAILED)}</Alert>
                <Button variant="secondary" onClick={run}>
                  Try again
                </Button>
              </div>
            ) : null}
            {check.data ? <CheckReport report={check.data} /> : null}
          </div>
        </ModalDialog>
      ) : null}
    </>
  );
}
