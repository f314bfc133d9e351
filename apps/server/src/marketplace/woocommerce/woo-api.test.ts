import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { isPrivateAddress, oauth1Query } from './woo-api.ts';

describe('one-legged OAuth 1.0a for plain-HTTP stores', () => {
  test('signs METHOD&url&sorted params with the consumer secret and "&"', () => {
    const query = oauth1Query(
      'post',
      'http://shop.example.com/wp-json/wc/v3/webhooks',
      { consumerKey: 'ck_abc', consumerSecret: 'cs_xyz' },
      new Date('2026-09-01T10:00:00Z'),
      'nonce123',
    );
    const base =
      'POST&http%3A%2F%2Fshop.example.com%2Fwp-json%2Fwc%2Fv3%2Fwebhooks&' +
      'oauth_consumer_key%3Dck_abc%26oauth_nonce%3Dnonce123%26' +
      'oauth_signature_method%3DHMAC-SHA256%26oauth_timestamp%3D1788256800';
    expect(Object.fromEntries(query)).toEqual({
      oauth_consumer_key: 'ck_abc',
      oauth_nonce: 'nonce123',
      oauth_signature_method: 'HMAC-SHA256',
      oauth_timestamp: '1788256800',
      oauth_signature: createHmac('sha256', 'cs_xyz&').update(base).digest('base64'),
    });
  });
});

describe('addresses a store may not point Thankly at', () => {
  test('loopback, private, link-local and unspecified addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '172.32.0.1', '2606:4700::1111'])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});
