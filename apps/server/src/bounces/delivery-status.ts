import { bounceReason, enhancedStatus } from './bounce-reason.ts';
import { type FieldBlock, parseFieldBlocks, typedValue } from './report-fields.ts';

export interface ReportedBounce {
  kind: 'hard-bounce' | 'soft-bounce';
  reason: string;
}

/**
 * The bounces a message/delivery-status part reports, one per recipient block (RFC 3464 §2.3):
 * failed with a 5.x.x status is for good; a 4.x.x failure or a delay is temporary; delivered,
 * relayed and expanded say nothing went wrong. Which address the block names is not kept: the
 * order's own buyer address is what gets suppressed, whatever a forwarder rewrote it to.
 */
export function bouncesInDeliveryStatus(text: string): ReportedBounce[] {
  return parseFieldBlocks(text).flatMap((block) => {
    const bounce = bounceOf(block);
    return bounce ? [bounce] : [];
  });
}

function bounceOf(block: FieldBlock): ReportedBounce | null {
  const action = block.get('action')?.toLowerCase().split(/[\s(]/)[0];
  // The per-message block (Reporting-MTA, Arrival-Date…) has no Action.
  if (!action || !(action === 'failed' || action === 'delayed')) return null;
  const diagnostic = typedValue(block.get('diagnostic-code'));
  const status = enhancedStatus(block.get('status')) ?? enhancedStatus(diagnostic);
  const temporary = action === 'delayed' || status?.startsWith('4.') === true;
  return {
    kind: temporary ? 'soft-bounce' : 'hard-bounce',
    reason: bounceReason(status, diagnostic),
  };
}
