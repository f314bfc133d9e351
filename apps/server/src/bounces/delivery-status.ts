import { type BounceClass, bounceReason, classifyBounce, enhancedStatus } from './bounce-reason.ts';
import { type FieldBlock, parseFieldBlocks, typedValue } from './report-fields.ts';

export interface ReportedBounce {
  kind: BounceClass;
  reason: string;
}

/** Which of a report's failures speaks for it: the address dead, else a block, else temporary. */
const PRECEDENCE: Record<BounceClass, number> = { 'hard-bounce': 0, blocked: 1, 'soft-bounce': 2 };

/**
 * A report about one email has a per-message block and a block per recipient it was addressed or
 * forwarded to: a few. Blocks past these are not read, however many a report lists.
 */
const MAX_BLOCKS = 20;

/**
 * The bounce a message/delivery-status part reports (RFC 3464 §2.3), classified by its enhanced
 * status code and the receiving server's words (classifyBounce): the address does not exist, the
 * server refused our relay (a block), or it may work another time; delivered, relayed and
 * expanded say nothing went wrong. A report is about one email, and ours have one recipient, so
 * it is one bounce however many recipient blocks it holds: the first dead address, else the first
 * block, else the first temporary failure. Which address the block names is not kept: the order's
 * own buyer address is what gets suppressed, whatever a forwarder rewrote it to.
 */
export function bounceInDeliveryStatus(text: string): ReportedBounce | null {
  let found: ReportedBounce | null = null;
  for (const block of parseFieldBlocks(text, MAX_BLOCKS)) {
    const bounce = bounceOf(block);
    if (bounce?.kind === 'hard-bounce') return bounce;
    if (bounce && (!found || PRECEDENCE[bounce.kind] < PRECEDENCE[found.kind])) found = bounce;
  }
  return found;
}

function bounceOf(block: FieldBlock): ReportedBounce | null {
  const action = block.get('action')?.toLowerCase().split(/[\s(]/)[0];
  // The per-message block (Reporting-MTA, Arrival-Date…) has no Action.
  if (!action || !(action === 'failed' || action === 'delayed')) return null;
  const diagnostic = typedValue(block.get('diagnostic-code'));
  const status = enhancedStatus(block.get('status')) ?? enhancedStatus(diagnostic);
  const temporary = action === 'delayed' || status?.startsWith('4.') === true;
  return {
    kind: classifyBounce(status, diagnostic, { temporary }),
    reason: bounceReason(status, diagnostic),
  };
}
