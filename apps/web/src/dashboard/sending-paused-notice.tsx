// The dashboard's word on a pause the seller chose: while it lasts, prominently, with the way to
// end it; after it, what it held back (account/held-orders.tsx).
import { useAccount } from '../account/account-query.ts';
import { HeldOrders } from '../account/held-orders.tsx';
import { usePauseMutation } from '../account/sending-card.tsx';
import { Button } from '../components/ui/index.ts';

export const PAUSED_TEXT = {
  title: 'Sending is paused',
  body: 'New orders get no thank-you email until you turn sending back on.',
  resume: 'Turn sending back on',
  sendingToday: 'Nothing is going out while sending is paused.',
} as const;

export function SendingPausedNotice() {
  const account = useAccount();
  const pause = usePauseMutation();
  if (!account.data) return null;
  if (!account.data.isPaused) return <HeldOrders isPaused={false} />;
  return (
    <section
      aria-labelledby="sending-paused-heading"
      className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-4 text-amber-950 sm:px-5"
    >
      <div>
        <h2 id="sending-paused-heading" className="text-lg font-semibold">
          {PAUSED_TEXT.title}
        </h2>
        <p className="mt-1 text-sm">{PAUSED_TEXT.body}</p>
      </div>
      <Button disabled={pause.isPending} onClick={() => pause.setPaused(false)}>
        {PAUSED_TEXT.resume}
      </Button>
    </section>
  );
}
