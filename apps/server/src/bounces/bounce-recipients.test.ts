import { describe, expect, test } from 'vitest';
import { bounceRecipient } from './bounce-recipients.ts';
import { returnPathFor } from '../buyer-email/return-path.ts';

const ID = '0b6f3a52-4d8e-4f7e-9a51-2b1f0c9e8d11';
const settings = { bounceDomain: 'bounces.thankly.example', secrets: ['s3cret'] };

describe('who the bounce listener takes mail for', () => {
  test('a signed return path at the bounce domain or under a seller’s thankly-bounces label', () => {
    for (const domain of ['bounces.thankly.example', 'thankly-bounces.yourshop.com'])
      expect(bounceRecipient(returnPathFor(ID, 's3cret', domain), settings)).toEqual({
        kind: 'return-path',
        orderEmailId: ID,
      });
  });

  test('the feedback-loop address at the bounce domain', () => {
    expect(bounceRecipient('FBL@Bounces.Thankly.Example', settings)).toEqual({
      kind: 'feedback-loop',
    });
  });

  test('nobody else: other domains, forged signatures, fbl elsewhere, postmaster', () => {
    const refused = [
      returnPathFor(ID, 's3cret', 'gmail.com'),
      returnPathFor(ID, 'not-our-secret', 'bounces.thankly.example'),
      'fbl@thankly-bounces.yourshop.com',
      'postmaster@bounces.thankly.example',
      'victim@example.com',
      'no-at-sign',
    ];
    for (const address of refused) expect(bounceRecipient(address, settings)).toBeNull();
  });
});
