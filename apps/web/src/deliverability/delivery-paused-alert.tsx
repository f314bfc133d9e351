// At the top of the dashboard when Thankly stopped the seller's sending itself (too many bounces or
// spam complaints): why, since when, and the way back, which only support can open.
import { useId } from 'react';
import { OctagonAlert } from 'lucide-react';
import { ButtonLink } from '../components/ui/index.ts';
import { useFormatSellerTime } from '../lib/seller-time.ts';
import { useDeliveryHealth } from './deliverability-queries.ts';

export const PAUSED_MESSAGES = {
  title: 'Sending is paused',
  whatToDo:
    'No thank-you emails go out until it is lifted. Contact support: tell us what you changed (for example, where your buyer addresses come from) and we will resume your sending.',
} as const;

export function DeliveryPausedAlert() {
  const formatTime = useFormatSellerTime();
  const titleId = useId();
  const health = useDeliveryHealth();
  const paused = health.data?.paused;
  if (!paused) return null;
  return (
    <div
      role="alert"
      aria-labelledby={titleId}
      className="mt-6 flex flex-col gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-sm text-red-950 sm:flex-row sm:items-start sm:p-6"
    >
      <OctagonAlert aria-hidden="true" className="h-5 w-5 shrink-0 text-red-700" />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="text-base font-semibold">
          <span id={titleId}>{PAUSED_MESSAGES.title}</span>{' '}
          <span className="text-sm font-normal text-red-900">
            since <time dateTime={paused.at}>{formatTime(paused.at)}</time>
          </span>
        </p>
        <p>{paused.reason}</p>
        <p>{PAUSED_MESSAGES.whatToDo}</p>
      </div>
      <ButtonLink to="/contact" variant="secondary" className="self-start">
        Contact support
      </ButtonLink>
    </div>
  );
}
