/**
 * Bounce notices and complaint reports shaped like the ones real mail systems send (Postfix, Gmail,
 * Exim, Yahoo's and a redacting feedback loop), about one of our emails.
 */

export interface Returned {
  /** Where the report is addressed (the email's return path, or the feedback-loop address). */
  to: string;
  /** The returned email's Message-ID, `<order-…@…>`. */
  messageId: string;
  /** The buyer's address the email went to. */
  recipient: string;
  /** The returned email's envelope sender. */
  returnPath?: string;
  /** The report's own Message-ID; a resent report keeps it. */
  reportId?: string;
}

const crlf = (lines: string[]) => lines.join('\r\n') + '\r\n';
let sequence = 0;
const reportId = (given: string | undefined, host: string) =>
  given ?? `<report-${Date.now()}-${++sequence}@${host}>`;

const originalHeaders = (r: Returned) => [
  ...(r.returnPath ? [`Return-Path: <${r.returnPath}>`] : []),
  'From: Demo Shop <hello@thankly.local>',
  `To: ${r.recipient}`,
  'Subject: Thank you, Ada!',
  'Date: Tue, 24 Nov 2026 09:59:50 +0000',
  `Message-ID: ${r.messageId}`,
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
];

/** Postfix's bounce: a per-message block, then one per recipient; the returned headers only. */
export function postfixDsn(
  r: Returned,
  outcome: { action?: string; status?: string; diagnostic?: string } = {},
): string {
  const status = outcome.status ?? '5.1.1';
  const boundary = '3F1A2B.1700000000/mx.example.net';
  return crlf([
    'Date: Tue, 24 Nov 2026 10:00:00 +0000 (UTC)',
    'From: MAILER-DAEMON@mx.example.net (Mail Delivery System)',
    'Subject: Undelivered Mail Returned to Sender',
    `To: ${r.to}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status;',
    `\tboundary="${boundary}"`,
    `Message-Id: ${reportId(r.reportId, 'mx.example.net')}`,
    '',
    'This is a MIME-encapsulated message.',
    '',
    `--${boundary}`,
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.example.net.',
    '',
    "I'm sorry to have to inform you that your message could not",
    'be delivered to one or more recipients.',
    '',
    `--${boundary}`,
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    'X-Postfix-Queue-ID: 3F1A2B',
    `X-Postfix-Sender: rfc822; ${r.returnPath ?? r.to}`,
    'Arrival-Date: Tue, 24 Nov 2026 09:59:58 +0000 (UTC)',
    '',
    `Final-Recipient: rfc822; ${r.recipient}`,
    `Original-Recipient: rfc822;${r.recipient}`,
    `Action: ${outcome.action ?? 'failed'}`,
    `Status: ${status}`,
    'Remote-MTA: dns; mail.example.org',
    `Diagnostic-Code: smtp; ${outcome.diagnostic ?? `550 ${status} <${r.recipient}>: Recipient address`}`,
    ...(outcome.diagnostic ? [] : ['    rejected: User unknown in virtual mailbox table']),
    '',
    `--${boundary}`,
    'Content-Description: Undelivered Message Headers',
    'Content-Type: text/rfc822-headers',
    '',
    ...originalHeaders(r),
    '',
    `--${boundary}--`,
  ]);
}

/** Gmail's bounce: a multi-line 550 reply, and the whole returned email as message/rfc822. */
export function gmailDsn(r: Returned): string {
  const boundary = '000000000000a1b2c3d4e5f6';
  return crlf([
    'Delivered-To: ' + r.to,
    'Return-Path: <>',
    'From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
    `To: ${r.to}`,
    'Auto-Submitted: auto-replied',
    'Subject: Delivery Status Notification (Failure)',
    `Message-ID: ${reportId(r.reportId, 'mx.google.com')}`,
    'Date: Tue, 24 Nov 2026 02:00:01 -0800 (PST)',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; boundary="${boundary}"; report-type=delivery-status`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset="UTF-8"',
    '',
    '** Address not found **',
    '',
    `Your message wasn't delivered to ${r.recipient} because the address couldn't be found, or is unable to receive mail.`,
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; googlemail.com',
    'Arrival-Date: Tue, 24 Nov 2026 02:00:00 -0800 (PST)',
    `X-Original-Message-ID: ${r.messageId}`,
    '',
    `Final-Recipient: rfc822; ${r.recipient}`,
    'Action: failed',
    'Status: 5.1.1',
    'Remote-MTA: dns; gmail-smtp-in.l.google.com. (2a00:1450:400c:c0b::1a, the server for the domain gmail.com.)',
    'Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach does not exist. Please try',
    " 550-5.1.1 double-checking the recipient's email address for typos or",
    ' 550-5.1.1 unnecessary spaces. For more information, go to',
    ' 550 5.1.1  https://support.google.com/mail/?p=NoSuchUser a1si1234567wrb.1 - gsmtp',
    'Last-Attempt-Date: Tue, 24 Nov 2026 02:00:01 -0800 (PST)',
    '',
    `--${boundary}`,
    'Content-Type: message/rfc822',
    '',
    ...originalHeaders(r),
    '',
    'Thank you for your order!',
    '',
    `--${boundary}--`,
  ]);
}

/** Exim's warning while it keeps retrying: Action delayed, a 4.x.x status. */
export function eximDelayDsn(r: Returned, diagnostic = '452 4.2.2 Mailbox full'): string {
  const boundary = '1700000000-eximdsn-1234567890';
  return crlf([
    'From: Mail Delivery System <Mailer-Daemon@exim.example.net>',
    `To: ${r.to}`,
    'Subject: Warning: message 1q2w3e-000ABC-1Z delayed 24 hours',
    `Message-Id: ${reportId(r.reportId, 'exim.example.net')}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary=${boundary}`,
    '',
    `--${boundary}`,
    'Content-type: text/plain; charset=us-ascii',
    '',
    'This message was created automatically by mail delivery software.',
    'No action is required on your part. Delivery attempts will continue for some time.',
    '',
    `--${boundary}`,
    'Content-type: message/delivery-status',
    '',
    'Reporting-MTA: dns; exim.example.net',
    '',
    `Action: delayed`,
    `Final-Recipient: rfc822;${r.recipient}`,
    'Status: 4.0.0',
    'Remote-MTA: dns; mx.example.org',
    `Diagnostic-Code: smtp; ${diagnostic}`,
    'Will-Retry-Until: Tue, 01 Dec 2026 10:00:00 +0000',
    '',
    `--${boundary}`,
    'Content-type: text/rfc822-headers',
    '',
    ...originalHeaders(r),
    '',
    `--${boundary}--`,
  ]);
}

/** Yahoo's feedback loop: ARF with the original sender and recipient, and the whole email. */
export function yahooArf(r: Returned, feedbackType = 'abuse'): string {
  const boundary = '----=_Part_123456_7890.1700000000000';
  return crlf([
    'From: Yahoo! Mail AntiSpam Feedback <feedback@arf.mail.yahoo.com>',
    `To: ${r.to}`,
    'Subject: FW: Thank you, Ada!',
    `Message-ID: ${reportId(r.reportId, 'arf.mail.yahoo.com')}`,
    'Date: Tue, 24 Nov 2026 12:00:00 +0000',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=feedback-report; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    'Content-Transfer-Encoding: 7bit',
    '',
    'This is an email abuse report for an email message received from IP 192.0.2.10 on Tue, 24 Nov 2026 10:00:00 +0000.',
    'For more information about this format please see http://www.mipassoc.org/arf/.',
    '',
    `--${boundary}`,
    'Content-Type: message/feedback-report',
    '',
    `Feedback-Type: ${feedbackType}`,
    'User-Agent: Yahoo!-Mail-Feedback/2.0',
    'Version: 0.1',
    ...(r.returnPath ? [`Original-Mail-From: <${r.returnPath}>`] : []),
    `Original-Rcpt-To: ${r.recipient}`,
    'Received-Date: Tue, 24 Nov 2026 10:00:00 +0000',
    'Reported-Domain: thankly.local',
    'Authentication-Results: mta1000.mail.bf1.yahoo.com  from=thankly.local; domainkeys=neutral (no sig);',
    '  from=thankly.local; dkim=pass (ok)',
    '',
    `--${boundary}`,
    'Content-Type: message/rfc822',
    '',
    ...originalHeaders(r),
    '',
    'Thank you for your order!',
    '',
    `--${boundary}--`,
  ]);
}

/**
 * A feedback loop that redacts the recipient (Microsoft's and others'): no Original-Mail-From, the
 * buyer's address blanked, and only the returned headers.
 */
export function redactedArf(r: Returned): string {
  const boundary = 'arf_boundary_redacted';
  return crlf([
    'From: staff@hotmail.com',
    `To: ${r.to}`,
    'Subject: complaint about message from 192.0.2.10',
    `Message-ID: ${reportId(r.reportId, 'hotmail.com')}`,
    'Date: Tue, 24 Nov 2026 12:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report;',
    `     boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset="US-ASCII"',
    '',
    'This is an email abuse report for an email message received from IP 192.0.2.10.',
    '',
    `--${boundary}`,
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: SomeGenerator/1.0',
    'Version: 1',
    'Original-Rcpt-To: <redacted@hotmail.com>',
    'Source-IP: 192.0.2.10',
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    ...originalHeaders({ ...r, recipient: 'redacted@hotmail.com' }),
    '',
    `--${boundary}--`,
  ]);
}

/** What also reaches a bounce address: an out-of-office reply. */
export function autoReply(r: Pick<Returned, 'to'>): string {
  return crlf([
    'From: Buyer <buyer@example.org>',
    `To: ${r.to}`,
    'Subject: Out of office',
    'Auto-Submitted: auto-replied',
    `Message-ID: <ooo-${Date.now()}-${++sequence}@example.org>`,
    'Content-Type: text/plain',
    '',
    'I am away until Monday.',
  ]);
}

/**
 * A DSN listing `count` more failed recipients before its own: the shape of the flood that once
 * stalled the server (16,000 of them in 470 KB).
 */
export const withFailures = (dsn: string, count: number) =>
  dsn.replace(/^Reporting-MTA:/m, `${'Action: failed\r\nStatus: 5.0.0\r\n\r\n'.repeat(count)}$&`);
