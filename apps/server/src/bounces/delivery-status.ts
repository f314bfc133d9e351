import { bounceReason, enhancedStatus } from './bounce-reason.ts';
import { type FieldBlock, parseFieldBlocks, typedValue } from './report-fields.ts';

export interface ReportedBounce {
  kind: 'hard-bounce' | 'soft-bounce';
  reason: string;
}

/**
 * A report about one email has a per-message block and a block per recipient it was addressed or
 * forwarded to: a few. Blocks past these are not read, however many a report lists.
 */
const MAX_BLOCKS = 20;

/**
 * The bounce a message/delivery-status part reports (RFC 3464 §2.3): failed with a 5.x.x status is
 * for good; a 4.x.x failure or a delay is temporary; delivered, relayed and expanded say nothing
 * went wrong. A report is about one email, and ours have one recipient, so it is one bounce
 * however many recipient blocks it holds: the first failure for good, else the first temporary
 * one. Which address
 * the block names is not kept: the order's own buyer address is what gets suppressed, whatever a
 * forwarder rewrote it to.
 */
export function bounceInDeliveryStatus(text: string): ReportedBounce | null {
  let delayed: ReportedBounce | null = null;
  for (const block of parseFieldBlocks(text, MAX_BLOCKS)) {
    const bounce = bounceOf(block);
    if (bounce?.kind === 'hard-bounce') return bounce;
    delayed ??= bounce;
  }
  return delayed;
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
