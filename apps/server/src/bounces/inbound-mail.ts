import { appSecretKeys } from '../infrastructure/config/app-secret.ts';
import type { AppContext } from '../context.ts';
import { loggableError } from '../infrastructure/http/loggable-error.ts';
import type { BounceRecipient } from './bounce-recipients.ts';
import { readInboundReport } from './inbound-report.ts';
import { type RecordOutcome, recordMailEvent } from './mail-events.ts';
import { orderEmailIdFromReturnPath } from '../buyer-email/return-path.ts';

/**
 * Acts on one message the bounce listener accepted: at most one event, for at most one order. A
 * bounce or complaint report is about one returned email, and every buyer email has one
 * recipient, so a report listing a thousand failures is still one bounce (its work cannot grow
 * with what a stranger writes into it). The order is named only by something we signed: the
 * return path the report was sent to, the reported email's envelope sender, or its Message-ID.
 * Anything that is neither a DSN nor a complaint report (an auto-reply, a stray message), or
 * names no order of ours, is dropped before the database is asked anything.
 */
export async function handleInboundMail(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'config' | 'sendMail'>,
  raw: Buffer,
  recipients: readonly BounceRecipient[],
): Promise<RecordOutcome | null> {
  const secrets = appSecretKeys(ctx.config);
  const report = await readInboundReport(raw, secrets).catch((error: unknown) => {
    // Unreadable MIME is no notice: taken and dropped, or its sender would retry it for days.
    ctx.log.debug({ err: loggableError(error) }, 'bounce listener: unreadable message, ignored');
    return { kind: 'other' as const };
  });
  if (report.kind === 'other') {
    ctx.log.debug({ bytes: raw.length }, 'bounce listener: not a DSN or complaint report, ignored');
    return null;
  }
  const signed = recipients.find((r) => r.kind === 'return-path')?.orderEmailId;

  if (report.kind === 'dsn') {
    const orderEmailId = signed ?? report.quotedOrderEmailId;
    if (!report.bounce || !orderEmailId) {
      ctx.log.debug('bounce listener: a DSN reporting no failure of a signed email, ignored');
      return null;
    }
    return recordMailEvent(ctx, {
      orderEmailId,
      kind: report.bounce.kind,
      source: 'dsn',
      sourceEventId: report.eventId,
      reason: report.bounce.reason,
    });
  }

  if (!report.complaint) {
    ctx.log.debug('bounce listener: a feedback report that is not a spam complaint, ignored');
    return null;
  }
  const orderEmailId =
    signed ??
    orderEmailIdFromReturnPath(report.complaint.originalMailFrom, secrets) ??
    report.quotedOrderEmailId;
  if (!orderEmailId) {
    ctx.log.info('bounce listener: a complaint about no signed email of ours, ignored');
    return null;
  }
  return recordMailEvent(ctx, {
    orderEmailId,
    kind: 'complaint',
    source: 'arf',
    sourceEventId: report.eventId,
    reason: 'Reported as spam',
  });
}
