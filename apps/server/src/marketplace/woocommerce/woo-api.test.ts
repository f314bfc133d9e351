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

  test('the request’s own query is part of what is signed', () => {
    const query = oauth1Query(
      'GET',
      'http://shop.example.com/wp-json/wc/v3/orders',
      { consumerKey: 'ck_abc', consumerSecret: 'cs_xyz' },
      new Date('2026-09-01T10:00:00Z'),
      'nonce123',
      { per_page: '1' },
    );
    const base =
      'GET&http%3A%2F%2Fshop.example.com%2Fwp-json%2Fwc%2Fv3%2Forders&' +
      'oauth_consumer_key%3Dck_abc%26oauth_nonce%3Dnonce123%26' +
      'oauth_signature_method%3DHMAC-SHA256%26oauth_timestamp%3D1788256800%26per_page%3D1';
    expect(query.get('per_page')).toBe('1');
    expect(query.get('oauth_signature')).toBe(
      createHmac('sha256', 'cs_xyz&').update(base).digest('base64'),
    );
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
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '::127.0.0.1',
      '::',
      '64:ff9b::a00:1',
      '2002:c0a8:101::1',
      'fc00::1',
      'ff02::1',
      '2001:db8::1',
      '100.64.0.1',
      '192.0.2.10',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      'not-an-address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of [
      '93.184.216.34',
      '172.32.0.1',
      '2606:4700::1111',
      '::ffff:93.184.216.34',
      '2002:5db8:d822::1',
    ])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});
