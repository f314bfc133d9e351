import { createHash } from 'node:crypto';
import { type Attachment, type StructuredHeader, simpleParser } from 'mailparser';
import { type ReportedBounce, bounceInDeliveryStatus } from './delivery-status.ts';
import { type ReportedComplaint, complaintInFeedbackReport } from './feedback-report.ts';
import { orderEmailIdInHeaders } from '../buyer-email/order-message-id.ts';

/** What a message that reached the bounce listener turned out to be. */
export type InboundReport =
  | (ReportBase & { kind: 'dsn'; bounce: ReportedBounce | null })
  | (ReportBase & { kind: 'arf'; complaint: ReportedComplaint | null })
  | { kind: 'other' };

interface ReportBase {
  /** The report's own Message-ID, else a hash of it: a notice delivered twice has the same one. */
  eventId: string;
  /**
   * The order email named by the returned email's Message-ID, when the report quotes it and its
   * signature holds.
   */
  quotedOrderEmailId: string | null;
}

/**
 * Reads a delivery status notification (RFC 3464) or a feedback-loop complaint (RFC 5965).
 *
 * mailparser hands over the report's machine-readable part as an attachment (message/delivery-status
 * only with `keepDeliveryStatus`), and text/rfc822-headers too; a quoted message/rfc822 it flattens
 * into the text, dropping its Message-ID, so the returned headers are also looked for in the raw
 * message after its own header. `secrets` are those a quoted Message-ID may be signed with.
 */
export async function readInboundReport(
  raw: Buffer,
  secrets: readonly string[],
): Promise<InboundReport> {
  const parsed = await simpleParser(raw, { keepDeliveryStatus: true, skipHtmlToText: true });
  // mailparser always gives Content-Type structured: value and params.
  const type = parsed.headers.get('content-type') as StructuredHeader | undefined;
  const reportType =
    type?.value === 'multipart/report' ? (type.params['report-type'] ?? '').toLowerCase() : '';
  const part = (contentType: string) =>
    parsed.attachments.find((a) => a.contentType.toLowerCase() === contentType);
  const base: ReportBase = {
    eventId: parsed.messageId?.trim() || sha256(raw),
    quotedOrderEmailId: quotedOrderEmailId(raw, parsed.attachments, secrets),
  };

  const deliveryStatus = part('message/delivery-status');
  if (reportType === 'delivery-status' && deliveryStatus)
    return { ...base, kind: 'dsn', bounce: bounceInDeliveryStatus(textOf(deliveryStatus)) };
  const feedback = part('message/feedback-report');
  if (reportType === 'feedback-report' && feedback)
    return { ...base, kind: 'arf', complaint: complaintInFeedbackReport(textOf(feedback)) };
  return { kind: 'other' };
}

function quotedOrderEmailId(
  raw: Buffer,
  attachments: Attachment[],
  secrets: readonly string[],
): string | null {
  for (const attachment of attachments)
    if (attachment.contentType.toLowerCase() === 'text/rfc822-headers') {
      const found = orderEmailIdInHeaders(textOf(attachment), secrets);
      if (found) return found;
    }
  const text = raw.toString('utf8');
  const bodyStart = text.search(/\r?\n\r?\n/);
  return bodyStart < 0 ? null : orderEmailIdInHeaders(text.slice(bodyStart), secrets);
}

const textOf = (attachment: Attachment) => attachment.content.toString('utf8');
const sha256 = (raw: Buffer) => `sha256:${createHash('sha256').update(raw).digest('hex')}`;
