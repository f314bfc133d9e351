import { describe, expect, test } from 'vitest';
import { addressValue, parseFieldBlocks, typedValue } from './report-fields.ts';

describe('report field blocks', () => {
  test('split on blank lines, unfold continuation lines, and key fields by lower-case name', () => {
    const blocks = parseFieldBlocks(
      [
        'Reporting-MTA: dns; mx.example.net',
        'Arrival-Date: Tue, 24 Nov 2026 09:59:58 +0000',
        '',
        'Final-Recipient: rfc822; nobody@example.org',
        'ACTION: failed',
        'Diagnostic-Code: smtp; 550 5.1.1 <nobody@example.org>: Recipient address',
        '    rejected: User unknown',
        '\tin virtual mailbox table',
      ].join('\r\n'),
    );
    expect(blocks).toHaveLength(2);
    expect(blocks[0]!.get('reporting-mta')).toBe('dns; mx.example.net');
    expect(blocks[1]!.get('action')).toBe('failed');
    expect(blocks[1]!.get('diagnostic-code')).toBe(
      'smtp; 550 5.1.1 <nobody@example.org>: Recipient address rejected: User unknown in virtual mailbox table',
    );
  });

  test('skip lines that are no field, several blank lines and white-space-only separators', () => {
    const blocks = parseFieldBlocks(
      'garbage line\nAction: delayed\n \n\n\nStatus: 4.0.0\n: no name',
    );
    expect(blocks.map((b) => Object.fromEntries(b))).toEqual([
      { action: 'delayed' },
      { status: '4.0.0' },
    ]);
  });

  test('a repeated field keeps its first value', () => {
    const [block] = parseFieldBlocks('Status: 5.1.1\nStatus: 2.0.0');
    expect(block!.get('status')).toBe('5.1.1');
  });

  test('typed values and addresses lose their type, brackets and case', () => {
    expect(typedValue('smtp; 550 5.1.1 Nope')).toBe('550 5.1.1 Nope');
    expect(typedValue(undefined)).toBe('');
    expect(addressValue('rfc822; <Buyer@Example.ORG>')).toBe('buyer@example.org');
    expect(addressValue('<bounces+x@b.example>')).toBe('bounces+x@b.example');
  });
});
