import { appSecretKeys } from '../config/app-secret.ts';
import type { AppContext } from '../context.ts';
import { loggableError } from '../http/loggable-error.ts';
import type { BounceRecipient } from './bounce-recipients.ts';
import { readInboundReport } from './inbound-report.ts';
import { type MailEvent, type RecordOutcome, recordMailEvent } from './mail-events.ts';
import { orderEmailIdFromReturnPath } from './return-path.ts';

/**
 * Acts on one message the bounce listener accepted. A bounce sent to a return path is about that
 * return path's order (its signature proves it); one sent to the feedback-loop address names its
 * order by the returned email's return path or Message-ID. Anything that is neither a DSN nor a
 * complaint report (an auto-reply, a stray message) is dropped.
 */
export async function handleInboundMail(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'config'>,
  raw: Buffer,
  recipients: readonly BounceRecipient[],
): Promise<RecordOutcome[]> {
  const report = await readInboundReport(raw).catch((error: unknown) => {
    // Unreadable MIME is no notice: taken and dropped, or its sender would retry it for days.
    ctx.log.debug({ err: loggableError(error) }, 'bounce listener: unreadable message, ignored');
    return { kind: 'other' as const };
  });
  if (report.kind === 'other') {
    ctx.log.debug({ bytes: raw.length }, 'bounce listener: not a DSN or complaint report, ignored');
    return [];
  }
  const signed = recipients.flatMap((r) => (r.kind === 'return-path' ? [r.orderEmailId] : []));
  const record = (orderEmailId: string, event: Omit<MailEvent, 'orderEmailId'>) =>
    recordMailEvent(ctx, { ...event, orderEmailId });

  if (report.kind === 'dsn') {
    const orders = signed.length > 0 ? signed : [report.quotedOrderEmailId].filter(isId);
    const outcomes: RecordOutcome[] = [];
    for (const orderEmailId of orders)
      for (const bounce of report.bounces)
        outcomes.push(
          await record(orderEmailId, {
            kind: bounce.kind,
            source: 'dsn',
            sourceEventId: report.eventId,
            reason: bounce.reason,
          }),
        );
    return outcomes;
  }

  if (!report.complaint) {
    ctx.log.debug('bounce listener: a feedback report that is not a spam complaint, ignored');
    return [];
  }
  const orderEmailId =
    signed[0] ??
    orderEmailIdFromReturnPath(report.complaint.originalMailFrom, appSecretKeys(ctx.config)) ??
    report.quotedOrderEmailId;
  if (!orderEmailId) {
    ctx.log.info('bounce listener: a complaint about no email of ours, ignored');
    return [];
  }
  return [
    await record(orderEmailId, {
      kind: 'complaint',
      source: 'arf',
      sourceEventId: report.eventId,
      reason: 'Reported as spam',
    }),
  ];
}

const isId = (value: string | null): value is string => value !== null;
