import { describe, expect, test } from 'vitest';
import { bounceReason, classifyBounce, enhancedStatus } from './bounce-reason.ts';

describe('a bounce’s reason in the words a seller reads', () => {
  test('keeps the server’s reply, once, without the code repeated on every line', () => {
    expect(
      bounceReason(
        '5.1.1',
        "550-5.1.1 The email account that you tried to reach does not exist. Please try 550-5.1.1 double-checking the recipient's email address 550 5.1.1  https://support.google.com/mail/?p=NoSuchUser - gsmtp",
      ),
    ).toBe(
      "550 5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's email address https://support.google.com/mail/?p=NoSuchUser - gsmtp",
    );
  });

  test('puts the status in front of a reply that has none', () => {
    expect(bounceReason('5.2.2', 'Mailbox quota exceeded')).toBe('5.2.2 Mailbox quota exceeded');
  });

  test('says what the code means where the server gave no words', () => {
    expect(bounceReason('5.1.1', undefined)).toBe('5.1.1 The email account does not exist');
    expect(bounceReason('4.2.2', '')).toBe('4.2.2 The mailbox is full');
    expect(bounceReason('5.9.9', undefined)).toBe(
      '5.9.9 The receiving server refused the email for good',
    );
    expect(bounceReason(null, undefined)).toBe(
      'The receiving server refused the email and gave no reason',
    );
  });

  test('cuts an endless reply', () => {
    expect(bounceReason('5.0.0', 'x'.repeat(5000)).length).toBeLessThanOrEqual(300);
  });

  test('finds the enhanced status in a reply', () => {
    expect(enhancedStatus('550 5.7.1 Rejected by policy')).toBe('5.7.1');
    expect(enhancedStatus('550 Rejected')).toBeNull();
  });
});

// Replies as the providers write them, copied from bounces people posted publicly (the source is
// named beside each), multi-line replies joined as a DSN's Diagnostic-Code carries them.
const GMAIL = {
  noSuchUser:
    "550-5.1.1 The email account that you tried to reach does not exist. Please try 550-5.1.1 double-checking the recipient's email address for typos or 550-5.1.1 unnecessary spaces. For more information, go to 550 5.1.1  https://support.google.com/mail/?p=NoSuchUser a1si1234567wrb.1 - gsmtp",
  disabled: '550-5.2.1 The email account that you tried to reach is disabled. a1si123 - gsmtp',
  overQuota:
    '452-4.2.2 The email account that you tried to reach is over quota. Please direct 452 4.2.2 the recipient to https://support.google.com/mail/?p=OverQuotaTemp - gsmtp',
  overQuotaForGood:
    '552-5.2.2 The email account that you tried to reach is over quota and inactive. - gsmtp',
  // cloudflare/cloudflare-docs#11542 (a DSN whose Status is 5.0.0 around this reply)
  unauthenticated:
    '550-5.7.26 This mail has been blocked because the sender is unauthenticated. 550-5.7.26 Gmail requires all senders to authenticate with either SPF or DKIM. 550-5.7.26 550-5.7.26 Authentication results: 550-5.7.26 DKIM = did not pass 550 5.7.26 https://support.google.com/mail/answer/81126#authentication f18si1069648ljf.488 - gsmtp',
  // melaniearbor/FiveUp#25
  dmarc:
    "550 5.7.26 Unauthenticated email from heroku.com is not accepted due to domain's DMARC policy. Please contact the administrator of heroku.com domain if this was a legitimate mail. jx2si1966735ejb.241 - gsmtp",
  unsolicited:
    '550-5.7.1 [203.0.113.7] Our system has detected that this message is likely unsolicited mail. To reduce the amount of spam sent to Gmail, this message has been blocked. - gsmtp',
  rateLimited:
    '421-4.7.28 [203.0.113.7] Our system has detected an unusual rate of unsolicited mail originating from your IP address. To protect our users from spam, mail sent from your IP address has been temporarily rate limited. - gsmtp',
};
const MICROSOFT = {
  recipientNotFound:
    '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
  mailboxUnavailable: '550 5.5.0 Requested action not taken: mailbox unavailable (S2017062302)',
  // support.microsoft.com, "Fix NDR error 550 5.7.515 in Outlook.com"
  authentication:
    "550 5.7.515 Access denied, sending domain example.com does not meet the required authentication level. The sender's domain in the 5322.From address doesn't meet the authentication requirements defined for the sender.",
  blockList:
    "550 5.7.1 Unfortunately, messages from [203.0.113.7] weren't sent. Please contact your Internet service provider since part of their network is on our block list (S3150).",
  spamhaus: '550 5.7.1 Service unavailable, Client host [203.0.113.7] blocked using Spamhaus.',
  quota: '554 5.2.2 mailbox full; STOREDRV.Deliver.Exception:QuotaExceededException',
};
const YAHOO = {
  // hippich/PHPMailer-BMH#2, justingit/dada-mail#318 (Status: 5.0.0)
  noAccount:
    "554 delivery error: dd This user doesn't have a yahoo.com account (someone@yahoo.com) [0] - mta1064.mail.ird.yahoo.com",
  disabled:
    '554 30 Sorry, your message to someone@yahoo.com cannot be delivered. This mailbox is disabled (554.30).',
  notFound: '552 1 Requested mail action aborted, mailbox not found',
  // tutao/tutanota#7113
  complaints:
    '421 4.7.0 [TSS04] Messages from 203.0.113.7 temporarily deferred due to unexpected volume or user complaints - 4.16.55.1; see https://postmaster.yahooinc.com/error-codes',
  spamhaus:
    "553 5.7.1 [BL21] Connections will not be accepted from 203.0.113.7, because the ip is in Spamhaus's list; see https://postmaster.yahooinc.com/error-codes",
  // docusealco/docuseal#524
  unauthenticated:
    '550 5.7.9 This mail has been blocked because the sender is unauthenticated. Yahoo requires all senders to authenticate with either SPF or DKIM.',
  policy:
    '554 5.7.9 Message not accepted for policy reasons.  See https://postmaster.yahooinc.com/error-codes',
};

describe('what a failed delivery says about the address', () => {
  const failed = (status: string | null, reply: string) =>
    classifyBounce(status, reply, { temporary: status?.startsWith('4.') ?? false });

  test('only a mailbox that does not exist (or is closed) is a hard bounce', () => {
    expect(failed('5.1.1', GMAIL.noSuchUser)).toBe('hard-bounce');
    expect(failed('5.0.0', GMAIL.noSuchUser)).toBe('hard-bounce');
    expect(failed('5.2.1', GMAIL.disabled)).toBe('hard-bounce');
    expect(failed('5.1.10', MICROSOFT.recipientNotFound)).toBe('hard-bounce');
    expect(failed('5.5.0', MICROSOFT.mailboxUnavailable)).toBe('hard-bounce');
    expect(failed('5.0.0', YAHOO.noAccount)).toBe('hard-bounce');
    expect(failed('5.0.0', YAHOO.disabled)).toBe('hard-bounce');
    expect(failed('5.0.0', YAHOO.notFound)).toBe('hard-bounce');
    expect(
      failed('5.0.0', '550 Recipient address rejected: User unknown in local recipient table'),
    ).toBe('hard-bounce');
  });

  test('policy and reputation refusals are blocks, whatever the class of their code', () => {
    for (const [status, reply] of [
      ['5.0.0', GMAIL.unauthenticated],
      ['5.7.26', GMAIL.dmarc],
      ['5.7.1', GMAIL.unsolicited],
      ['4.7.28', GMAIL.rateLimited],
      ['5.7.515', MICROSOFT.authentication],
      ['5.7.1', MICROSOFT.blockList],
      ['5.0.0', MICROSOFT.spamhaus],
      ['4.7.0', YAHOO.complaints],
      ['5.7.1', YAHOO.spamhaus],
      ['5.7.9', YAHOO.unauthenticated],
      ['5.0.0', YAHOO.policy],
      [null, '550 Message rejected as spam by Content Filtering.'],
      ['5.0.0', '554 Your access to this mail system has been blocked'],
    ] as const) {
      expect(failed(status, reply), reply).toBe('blocked');
    }
    // A bare policy code with no words is still about the sender.
    expect(failed('5.7.1', '')).toBe('blocked');
  });

  test('a full mailbox is soft, even when the server says it is for good', () => {
    expect(failed('4.2.2', GMAIL.overQuota)).toBe('soft-bounce');
    expect(failed('5.2.2', GMAIL.overQuotaForGood)).toBe('soft-bounce');
    expect(failed('5.0.0', MICROSOFT.quota)).toBe('soft-bounce');
    expect(failed('5.3.4', '552 5.3.4 Message size exceeds fixed maximum message size')).toBe(
      'soft-bounce',
    );
  });

  test('a temporary policy code alone (greylisting) is soft; with block words it is a block', () => {
    expect(
      classifyBounce('4.7.1', '450 4.7.1 Greylisted, please try again later', { temporary: true }),
    ).toBe('soft-bounce');
    expect(classifyBounce('4.7.0', GMAIL.rateLimited, { temporary: true })).toBe('blocked');
  });

  test('a delay is soft, a dead address only once the relay gives up', () => {
    expect(classifyBounce('4.4.1', 'Connection timed out', { temporary: true })).toBe(
      'soft-bounce',
    );
    expect(classifyBounce('5.1.1', GMAIL.noSuchUser, { temporary: true })).toBe('soft-bounce');
  });

  test('a permanent failure nothing explains is what the caller says', () => {
    expect(failed('5.0.0', '')).toBe('hard-bounce');
    expect(classifyBounce('5.0.0', '', { temporary: false, unexplained: 'blocked' })).toBe(
      'blocked',
    );
  });
});
