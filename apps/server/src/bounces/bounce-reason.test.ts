import { describe, expect, test } from 'vitest';
import { bounceReason, enhancedStatus } from './bounce-reason.ts';

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
