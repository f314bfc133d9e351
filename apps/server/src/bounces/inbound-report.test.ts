import { describe, expect, test } from 'vitest';
import {
  type Returned,
  autoReply,
  eximDelayDsn,
  gmailDsn,
  postfixDsn,
  redactedArf,
  yahooArf,
} from '../../test/support/bounce-reports.ts';
import { readInboundReport } from './inbound-report.ts';
import { orderMessageId } from '../buyer-email/order-message-id.ts';

const ORDER = '0b6f3a52-4d8e-4f7e-9a51-2b1f0c9e8d11';
const returned: Returned = {
  to: 'bounces+0b6f3a524d8e4f7e9a512b1f0c9e8d11.0123456789abcdef@bounces.thankly.example',
  returnPath: 'bounces+0b6f3a524d8e4f7e9a512b1f0c9e8d11.0123456789abcdef@bounces.thankly.example',
  messageId: orderMessageId(ORDER, 'secret-a', 'app.thankly.example'),
  recipient: 'nobody@example.org',
  reportId: '<report-1@mx.example.net>',
};
const read = (text: string, secrets = ['secret-b', 'secret-a']) =>
  readInboundReport(Buffer.from(text), secrets);

describe('reading what reaches the bounce listener', () => {
  test('a Postfix bounce: one hard bounce, its reason, and the order from the returned headers', async () => {
    expect(await read(postfixDsn(returned))).toEqual({
      kind: 'dsn',
      eventId: '<report-1@mx.example.net>',
      quotedOrderEmailId: ORDER,
      bounce: {
        kind: 'hard-bounce',
        reason:
          '550 5.1.1 <nobody@example.org>: Recipient address rejected: User unknown in virtual mailbox table',
      },
    });
  });

  test('a Gmail bounce: the multi-line reply tidied, the order from the quoted message/rfc822', async () => {
    const report = await read(gmailDsn(returned));
    expect(report).toMatchObject({ kind: 'dsn', quotedOrderEmailId: ORDER });
    if (report.kind !== 'dsn') throw new Error('not a DSN');
    expect(report.bounce).toEqual({
      kind: 'hard-bounce',
      reason: expect.stringMatching(
        /^550 5\.1\.1 The email account that you tried to reach does not exist\. Please try double-checking/,
      ),
    });
    expect(report.bounce!.reason).not.toContain('550-5.1.1');
  });

  test('a delay warning is a soft bounce; a 4.x.x failure too; delivered says nothing', async () => {
    const delayed = await read(eximDelayDsn(returned));
    expect(delayed).toMatchObject({
      kind: 'dsn',
      bounce: { kind: 'soft-bounce', reason: '452 4.2.2 Mailbox full' },
    });
    const temporary = await read(
      postfixDsn(returned, { status: '4.4.1', diagnostic: 'connect timed out' }),
    );
    expect(temporary).toMatchObject({
      bounce: { kind: 'soft-bounce', reason: '4.4.1 connect timed out' },
    });
    const delivered = await read(postfixDsn(returned, { action: 'delivered', status: '2.0.0' }));
    expect(delivered).toMatchObject({ kind: 'dsn', bounce: null });
  });

  test('a Yahoo complaint: abuse, with the original return path and Message-ID', async () => {
    expect(await read(yahooArf(returned))).toEqual({
      kind: 'arf',
      eventId: '<report-1@mx.example.net>',
      quotedOrderEmailId: ORDER,
      complaint: { originalMailFrom: returned.returnPath },
    });
  });

  test('a redacted complaint still names the order by the returned headers', async () => {
    const { returnPath: _none, ...withoutReturnPath } = returned;
    expect(await read(redactedArf(withoutReturnPath))).toMatchObject({
      kind: 'arf',
      quotedOrderEmailId: ORDER,
      complaint: { originalMailFrom: '' },
    });
  });

  test('a quoted Message-ID names the order only when its signature holds under a secret in use', async () => {
    const forged = [
      `<order-${ORDER}@app.thankly.example>`,
      `<order-${ORDER}.0123456789abcdef@app.thankly.example>`,
      orderMessageId(ORDER, 'someone-else', 'app.thankly.example'),
      orderMessageId(ORDER, 'secret-a', 'x').replace('0b6f3a52', '0b6f3a53'),
    ];
    for (const messageId of forged) {
      expect(await read(postfixDsn({ ...returned, messageId }))).toMatchObject({
        kind: 'dsn',
        quotedOrderEmailId: null,
      });
      expect(await read(redactedArf({ ...returned, messageId }))).toMatchObject({
        kind: 'arf',
        quotedOrderEmailId: null,
      });
    }
    // Signed with a secret being rotated out: still ours; with neither secret in use: not.
    expect(await read(postfixDsn(returned), ['secret-new', 'secret-a'])).toMatchObject({
      quotedOrderEmailId: ORDER,
    });
    expect(await read(postfixDsn(returned), ['secret-new'])).toMatchObject({
      quotedOrderEmailId: null,
    });
  });

  test('a DSN is one bounce: the first for good, else the first temporary, among its first 20 blocks', async () => {
    const blocks = (action: string, status: string, n: number) =>
      `Final-Recipient: rfc822; x@example.org\r\nAction: ${action}\r\nStatus: ${status}\r\n\r\n`.repeat(
        n,
      );
    const many = (body: string) =>
      postfixDsn(returned, {
        action: 'delayed',
        status: '4.2.2',
        diagnostic: 'Mailbox full',
      }).replace('Reporting-MTA: dns; mx.example.net', `${body}Reporting-MTA: dns; mx`);
    expect(
      await read(many(blocks('delayed', '4.4.7', 5) + blocks('failed', '5.1.1', 5))),
    ).toMatchObject({
      kind: 'dsn',
      bounce: { kind: 'hard-bounce', reason: '5.1.1 The email account does not exist' },
    });
    // What follows the first 20 blocks is not read, however many failures it lists.
    expect(
      await read(many(blocks('delayed', '4.4.7', 20) + blocks('failed', '5.1.1', 5_000))),
    ).toMatchObject({
      kind: 'dsn',
      bounce: { kind: 'soft-bounce', reason: expect.stringMatching(/^4\.4\.7 /) },
    });
  });

  test('feedback that is not the spam button is no complaint', async () => {
    expect(await read(yahooArf(returned, 'not-spam'))).toMatchObject({
      kind: 'arf',
      complaint: null,
    });
  });

  test('an out-of-office reply, plain text and nonsense are neither', async () => {
    expect(await read(autoReply(returned))).toEqual({ kind: 'other' });
    expect(await read('hello')).toEqual({ kind: 'other' });
    expect(
      await read('Content-Type: multipart/report; report-type=delivery-status\r\n\r\n--'),
    ).toEqual({
      kind: 'other',
    });
  });

  test('a report without a Message-ID is known by a hash of itself', async () => {
    const text = postfixDsn(returned).replace(/^Message-Id: .*\r\n/m, '');
    const [first, second] = [await read(text), await read(text)];
    expect(first).toMatchObject({
      kind: 'dsn',
      eventId: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    });
    expect(second).toEqual(first);
  });
});
