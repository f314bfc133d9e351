import { Loader2, RefreshCw } from 'lucide-react';
import type { SendingDomain } from '@thankly/api-contract';
import { Button } from '../components/ui/index.ts';
import { useFormatSellerTime } from '../lib/seller-time.ts';
import { messageFor } from '../lib/api.ts';
import { toast } from '../lib/toast.ts';
import { useVerifySendingDomain } from './deliverability-queries.ts';
import { DOMAIN_MESSAGES, verifyOutcome } from './domain-messages.ts';

/** Verify now, when DNS was last checked, and what the check found. */
export function VerifyControls({ domain }: { domain: SendingDomain }) {
  const formatTime = useFormatSellerTime();
  const verify = useVerifySendingDomain(domain.id);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant={domain.status === 'verified' ? 'secondary' : 'primary'}
        disabled={verify.isPending}
        onClick={() =>
          verify.mutate(undefined, {
            onError: (error) =>
              toast.error(messageFor(error, DOMAIN_MESSAGES.verifyFailed), {
                key: `verify-${domain.id}`,
              }),
          })
        }
      >
        {verify.isPending ? (
          <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
        ) : (
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
        )}
        {verify.isPending ? DOMAIN_MESSAGES.checking : 'Verify'}
      </Button>
      <p className="text-sm text-slate-600">
        {domain.lastCheckedAt ? (
          <>
            Last checked{' '}
            <time dateTime={domain.lastCheckedAt}>{formatTime(domain.lastCheckedAt)}</time>
          </>
        ) : (
          'Not checked yet'
        )}
      </p>
      <p role="status" className="basis-full text-sm font-medium text-slate-800 empty:hidden">
        {verify.isSuccess ? verifyOutcome(verify.data.domain) : ''}
      </p>
    </div>
  );
}
