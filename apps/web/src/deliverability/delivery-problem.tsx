// What happened to a sent thank-you after it left: the buyer's mail server refused it (bounced),
// the buyer marked it as spam, or a mail provider refused Thankly's relay (blocked: the reason says
// when it is sent again, or that Thankly stopped trying). Shown in Recent orders in place of Sent,
// with the reason in words under it, so it reads the same with a mouse, a finger or a screen reader.
import type { ActivityItem, DeliveryProblem } from '@thankly/api-contract';
import { Badge } from '../components/ui/index.ts';
import { useFormatSellerTime } from '../lib/seller-time.ts';

export const DELIVERY_PROBLEM_LABELS: Record<DeliveryProblem, string> = {
  bounced: 'Bounced',
  complained: 'Marked as spam',
  blocked: 'Blocked',
};

export function DeliveryProblemState({
  problem,
}: {
  problem: NonNullable<ActivityItem['deliveryProblem']>;
}) {
  const formatTime = useFormatSellerTime();
  return (
    <>
      <Badge tone="amber">{DELIVERY_PROBLEM_LABELS[problem.kind]}</Badge>
      <span className="mt-1 block text-xs break-words text-slate-600">{problem.reason}</span>
      <time dateTime={problem.at} className="block text-xs text-slate-500">
        {formatTime(problem.at)}
      </time>
    </>
  );
}
