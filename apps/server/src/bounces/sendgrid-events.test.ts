import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  checkSendgridSignature,
  mailEventOfSendgrid,
  sendgridBatchSchema,
  sendgridPublicKey,
} from './sendgrid-events.ts';

const ORDER = '0b6f3a52-4d8e-4f7e-9a51-2b1f0c9e8d11';
const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const key = sendgridPublicKey(publicKey.export({ format: 'der', type: 'spki' }).toString('base64'));
const now = new Date('2026-11-24T12:00:00Z');
const seconds = (date: Date) => String(Math.floor(date.getTime() / 1000));

function signed(body: string, timestamp = seconds(now), signer = privateKey) {
  return {
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: sign('sha256', Buffer.from(timestamp + body), signer).toString('base64'),
  };
}

describe('SendGrid’s event webhook signature', () => {
  const body = '[{"event":"bounce"}]';

  test('holds over the timestamp and the exact body', () => {
    expect(checkSendgridSignature(key, signed(body), Buffer.from(body), now)).toBe('valid');
  });

  test('fails for another body, another key, a garbled or missing signature', () => {
    expect(checkSendgridSignature(key, signed(body), Buffer.from(body + ' '), now)).toBe('forged');
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    expect(
      checkSendgridSignature(key, signed(body, undefined, other), Buffer.from(body), now),
    ).toBe('forged');
    const garbled = { ...signed(body), [SIGNATURE_HEADER]: 'bm90IGEgc2lnbmF0dXJl' };
    expect(checkSendgridSignature(key, garbled, Buffer.from(body), now)).toBe('forged');
    expect(checkSendgridSignature(key, {}, Buffer.from(body), now)).toBe('missing');
  });

  test('refuses a batch signed long ago or far ahead: a captured one is not replayed', () => {
    const old = seconds(new Date(now.getTime() - 6 * 60_000));
    const ahead = seconds(new Date(now.getTime() + 6 * 60_000));
    expect(checkSendgridSignature(key, signed(body, old), Buffer.from(body), now)).toBe('stale');
    expect(checkSendgridSignature(key, signed(body, ahead), Buffer.from(body), now)).toBe('stale');
    expect(checkSendgridSignature(key, signed(body, 'soon'), Buffer.from(body), now)).toBe('stale');
  });

  test('a key that is not one is a clear setup error', () => {
    expect(() => sendgridPublicKey('not a key')).toThrow(/SENDGRID_WEBHOOK_PUBLIC_KEY/);
  });
});

describe('SendGrid events as mail events', () => {
  const base = { sg_event_id: 'ev-1', 'smtp-id': `<order-${ORDER}@app.thankly.example>` };

  test('bounce is for good, blocked a block, deferred temporary, spamreport a complaint', () => {
    expect(
      mailEventOfSendgrid({
        ...base,
        event: 'bounce',
        type: 'bounce',
        status: '5.1.1',
        reason: '550 5.1.1 The email account that you tried to reach does not exist.',
      }),
    ).toEqual({
      orderEmailId: ORDER,
      source: 'sendgrid',
      sourceEventId: 'ev-1',
      kind: 'hard-bounce',
      reason: '550 5.1.1 The email account that you tried to reach does not exist.',
    });
    expect(
      mailEventOfSendgrid({ ...base, event: 'bounce', type: 'blocked', status: '4.7.1' }),
    ).toMatchObject({
      kind: 'blocked',
    });
    expect(
      mailEventOfSendgrid({
        ...base,
        event: 'deferred',
        response:
          '421 4.7.0 [TSS04] Messages from 203.0.113.7 temporarily deferred due to unexpected volume or user complaints',
      }),
    ).toMatchObject({ kind: 'blocked' });
    expect(
      mailEventOfSendgrid({ ...base, event: 'deferred', response: '421 4.7.0 Try again later' }),
    ).toMatchObject({ kind: 'soft-bounce', reason: '421 4.7.0 Try again later' });
    expect(mailEventOfSendgrid({ ...base, event: 'spamreport' })).toMatchObject({
      kind: 'complaint',
    });
  });

  test('a drop for an address that bounced before suppresses it; other drops and events do nothing', () => {
    expect(
      mailEventOfSendgrid({ ...base, event: 'dropped', reason: 'Bounced Address' }),
    ).toMatchObject({
      kind: 'hard-bounce',
    });
    expect(
      mailEventOfSendgrid({ ...base, event: 'dropped', reason: 'Unsubscribed Address' }),
    ).toBeNull();
    for (const event of ['delivered', 'open', 'click', 'processed', 'group_unsubscribe'])
      expect(mailEventOfSendgrid({ ...base, event })).toBeNull();
  });

  test('an event about mail that is not an order email, or without an id, is not ours to act on', () => {
    expect(
      mailEventOfSendgrid({ ...base, event: 'bounce', 'smtp-id': '<abc@elsewhere>' }),
    ).toBeNull();
    expect(mailEventOfSendgrid({ event: 'bounce', 'smtp-id': base['smtp-id'] })).toBeNull();
    const blankId = sendgridBatchSchema.parse([{ ...base, event: 'bounce', sg_event_id: '  ' }]);
    expect(mailEventOfSendgrid(blankId[0]!)).toBeNull();
  });
});
