import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../app-config.ts';
import { ConfigError } from './env.ts';

/** What production needs before its emails can carry working links from a real sender. */
const PRODUCTION_MAIL = {
  APP_URL: 'https://app.thankly.io',
  MAIL_FROM: 'Thankly <notes@mail.thankly.io>',
  SUPPORT_EMAIL: 'support@thankly.io',
};

describe('configuration at boot', () => {
  test('runs with no settings at all on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      role: 'all',
      appUrl: 'http://localhost:3000',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.standIns).toEqual({ demoShop: true, demoCheckout: true, outbox: true });
    expect(config.trustProxy).toBe(false);
  });

  test('production requires APP_SECRET, a mail relay and Etsy, and refuses the stand-ins unless enabled', () => {
    const secret = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), ...PRODUCTION_MAIL };
    const etsy = { ETSY_KEYSTRING: 'key', ETSY_SHARED_SECRET: 'secret' };
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET is required/);
    expect(() => loadConfig({ ...secret, ...etsy })).toThrow(/SMTP_URL is required/);
    expect(() => loadConfig({ ...secret, SMTP_URL: 'smtp://relay:25' })).toThrow(
      /ETSY_KEYSTRING and ETSY_SHARED_SECRET are required/,
    );
    const config = loadConfig({ ...secret, ...etsy, SMTP_URL: 'smtp://relay:25' });
    expect(config.standIns).toEqual({ demoShop: false, demoCheckout: false, outbox: false });
  });

  test('each stand-in is opted into on its own in production', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(32),
      ...PRODUCTION_MAIL,
      ETSY_KEYSTRING: 'key',
      ETSY_SHARED_SECRET: 'secret',
      SMTP_URL: 'smtp://relay:25',
    };
    expect(loadConfig({ ...production, ALLOW_DEMO_CHECKOUT: 'true' }).standIns).toEqual({
      demoShop: false,
      demoCheckout: true,
      outbox: false,
    });
    expect(loadConfig({ ...production, ALLOW_DEMO_SHOP: '1' }).standIns).toEqual({
      demoShop: true,
      demoCheckout: false,
      outbox: false,
    });
    const { SMTP_URL: _smtp, ...noRelay } = production;
    expect(loadConfig({ ...noRelay, ALLOW_OUTBOX: 'true' }).standIns).toEqual({
      demoShop: false,
      demoCheckout: false,
      outbox: true,
    });
    const { ETSY_KEYSTRING: _k, ETSY_SHARED_SECRET: _s, ...noEtsy } = production;
    expect(loadConfig({ ...noEtsy, ALLOW_DEMO_SHOP: 'true' }).standIns.demoShop).toBe(true);
    // Allowing one stand-in allows no other: the outbox does not stand in for Etsy.
    expect(() => loadConfig({ ...noEtsy, ALLOW_OUTBOX: 'true' })).toThrow(/ALLOW_DEMO_SHOP=true/);
    expect(() => loadConfig({ ...noRelay, ALLOW_DEMO_SHOP: 'true' })).toThrow(/ALLOW_OUTBOX=true/);
    expect(() => loadConfig({ ALLOW_OUTBOX: 'yes' })).toThrow(/ALLOW_OUTBOX/);
  });

  test('production refuses to start without an https APP_URL, a real MAIL_FROM domain and a real SUPPORT_EMAIL', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(32),
      ETSY_KEYSTRING: 'key',
      ETSY_SHARED_SECRET: 'secret',
      SMTP_URL: 'smtp://relay:25',
    };
    const { APP_URL: _url, ...noAppUrl } = PRODUCTION_MAIL;
    expect(() => loadConfig({ ...production, ...noAppUrl })).toThrow(
      /APP_URL is required when NODE_ENV=production/,
    );
    expect(() =>
      loadConfig({ ...production, ...PRODUCTION_MAIL, APP_URL: 'http://app.thankly.io' }),
    ).toThrow(/APP_URL must start with https:\/\//);
    const { MAIL_FROM: _from, ...defaultFrom } = PRODUCTION_MAIL;
    expect(() => loadConfig({ ...production, ...defaultFrom })).toThrow(
      /MAIL_FROM must be an address at a real domain/,
    );
    for (const from of [
      'Thankly <hello@thankly.local>',
      'hello@localhost',
      'Shop <a@example.com>',
      'a@mail.example.org',
      'a@example',
      'Shop <a@nodot>',
      'no address at all',
      'a@shop.test',
    ])
      expect(
        () => loadConfig({ ...production, ...PRODUCTION_MAIL, MAIL_FROM: from }),
        from,
      ).toThrow(/MAIL_FROM must be an address at a real domain/);
    expect(loadConfig({ ...production, ...PRODUCTION_MAIL }).appUrl).toBe('https://app.thankly.io');
    expect(
      loadConfig({ ...production, ...PRODUCTION_MAIL, MAIL_FROM: 'notes@thankly.io' }).mailFrom,
    ).toBe('notes@thankly.io');
    const { SUPPORT_EMAIL: _support, ...defaultSupport } = PRODUCTION_MAIL;
    expect(() => loadConfig({ ...production, ...defaultSupport })).toThrow(
      /SUPPORT_EMAIL must be a mailbox someone reads/,
    );
    for (const support of ['support@thankly.local', 'help@example.com', 'ops@shop.test'])
      expect(
        () => loadConfig({ ...production, ...PRODUCTION_MAIL, SUPPORT_EMAIL: support }),
        support,
      ).toThrow(/SUPPORT_EMAIL must be a mailbox someone reads/);
    expect(loadConfig({ ...production, ...PRODUCTION_MAIL }).supportEmail).toBe(
      'support@thankly.io',
    );
    // Outside production the local defaults still run.
    expect(loadConfig({ NODE_ENV: 'test' }).mailFrom).toBe('Thankly <hello@thankly.local>');
  });

  test('the old all-in-one ALLOW_DEMO_IN_PRODUCTION is refused with the names of its successors', () => {
    for (const env of [
      {},
      { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), ...PRODUCTION_MAIL },
    ]) {
      expect(() => loadConfig({ ...env, ALLOW_DEMO_IN_PRODUCTION: 'true' })).toThrow(
        /ALLOW_DEMO_SHOP, ALLOW_DEMO_CHECKOUT and ALLOW_OUTBOX/,
      );
    }
  });

  test('the relay’s limits: SMTP_MAX_CONNECTIONS a whole number 1–100, SMTP_RATE_PER_SECOND above 0; unset, no limit of ours', () => {
    expect(loadConfig({}).relay).toEqual({ maxConnections: undefined, ratePerSecond: undefined });
    expect(loadConfig({ SMTP_MAX_CONNECTIONS: '20', SMTP_RATE_PER_SECOND: '13.5' }).relay).toEqual({
      maxConnections: 20,
      ratePerSecond: 13.5,
    });
    for (const bad of ['0', '101', '2.5', 'many', '-3'])
      expect(() => loadConfig({ SMTP_MAX_CONNECTIONS: bad }), bad).toThrow(
        /SMTP_MAX_CONNECTIONS takes a whole number, 1 to 100/,
      );
    for (const bad of ['0', '-1', 'fast', '20000'])
      expect(() => loadConfig({ SMTP_RATE_PER_SECOND: bad }), bad).toThrow(/SMTP_RATE_PER_SECOND/);
  });

  test('TRUST_PROXY takes a hop count or addresses and ranges, never "true"', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8, loopback' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/give the number of proxies/);
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.0/8,', '1.2.3.4/8/9', '-1'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  test('deliverability: DNS servers are IP addresses, the bounce domain follows MAIL_FROM, include mode needs SPF_INCLUDE', () => {
    expect(
      loadConfig({ DNS_SERVERS: '127.0.0.1:5353, 1.1.1.1,[::1]:53' }).deliverability,
    ).toMatchObject({
      dnsServers: ['127.0.0.1:5353', '1.1.1.1', '[::1]:53'],
      spfMode: 'return-path',
    });
    for (const bad of ['dns.google', '1.2.3.4:99999', '1.2.3.4,', 'localhost:53'])
      expect(() => loadConfig({ DNS_SERVERS: bad }), bad).toThrow(/DNS_SERVERS/);
    expect(
      loadConfig({ MAIL_FROM: 'Thankly <notes@Mail.Example.org>' }).deliverability.bounceDomain,
    ).toBe('mail.example.org');
    expect(loadConfig({ BOUNCE_DOMAIN: 'bounces.example.org' }).deliverability.bounceDomain).toBe(
      'bounces.example.org',
    );
    expect(() => loadConfig({ SENDER_SPF_MODE: 'include' })).toThrow(/needs SPF_INCLUDE/);
    expect(() => loadConfig({ BOUNCE_SMTP_PORT: 'twenty-five' })).toThrow(/BOUNCE_SMTP_PORT/);
    expect(loadConfig({ BOUNCE_SMTP_PORT: '2525' }).deliverability.bounceSmtpPort).toBe(2525);
  });

  test('Thankly’s own DKIM key: read from PEM (one line with \\n, or real lines) or base64 DER, with a selector; production refuses a malformed key', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const pem = rsa.export({ type: 'pkcs8', format: 'pem' }).toString();
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://relay.thankly.io',
      ETSY_KEYSTRING: 'k',
      ETSY_SHARED_SECRET: 's',
      ...PRODUCTION_MAIL,
    };
    for (const given of [
      pem,
      pem.replaceAll('\n', '\\n'),
      rsa.export({ type: 'pkcs1', format: 'pem' }).toString(),
      rsa.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
    ])
      expect(
        loadConfig({ ...production, DKIM_PRIVATE_KEY: given, DKIM_SELECTOR: 'Thankly2026' })
          .deliverability.platformDkim,
      ).toEqual({ privateKey: pem, selector: 'thankly2026' });
    expect(loadConfig(production).deliverability.platformDkim).toBeUndefined();

    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const short = generateKeyPairSync('rsa', { modulusLength: 512 }).privateKey;
    for (const [bad, why] of [
      ['-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----', /is not a private key/],
      ['bm90IGEga2V5', /is not a private key/],
      [ec.export({ type: 'pkcs8', format: 'pem' }).toString(), /must be an RSA key/],
      [short.export({ type: 'pkcs8', format: 'pem' }).toString(), /has 512 bits/],
    ] as const)
      expect(
        () => loadConfig({ ...production, DKIM_PRIVATE_KEY: bad, DKIM_SELECTOR: 's1' }),
        bad,
      ).toThrow(why);
    expect(() => loadConfig({ ...production, DKIM_PRIVATE_KEY: pem })).toThrow(
      /needs DKIM_SELECTOR/,
    );
    expect(() => loadConfig({ DKIM_SELECTOR: 's1' })).toThrow(/without DKIM_PRIVATE_KEY/);
    for (const selector of ['-a', 'a b', 'a..b', 'a_b', 'x'.repeat(64)])
      expect(
        () => loadConfig({ DKIM_PRIVATE_KEY: pem, DKIM_SELECTOR: selector }),
        selector,
      ).toThrow(/DKIM_SELECTOR must be a DNS name part/);
  });

  test('Etsy needs both its keystring and its shared secret', () => {
    expect(() => loadConfig({ ETSY_KEYSTRING: 'key' })).toThrow(
      /Set both ETSY_KEYSTRING and ETSY_SHARED_SECRET/,
    );
    expect(loadConfig({}).etsy).toMatchObject({
      keystring: undefined,
      apiUrl: 'https://api.etsy.com',
      pollSeconds: 300,
    });
  });

  test('Shopify needs both its key and its secret; without them it is not offered', () => {
    expect(() => loadConfig({ SHOPIFY_API_KEY: 'key' })).toThrow(
      /Set both SHOPIFY_API_KEY and SHOPIFY_API_SECRET/,
    );
    expect(loadConfig({}).shopify).toBeUndefined();
    expect(loadConfig({ SHOPIFY_API_KEY: 'k', SHOPIFY_API_SECRET: 's' }).shopify).toEqual({
      apiKey: 'k',
      apiSecret: 's',
      scopes: 'read_orders',
      apiVersion: '2026-07',
      shopUrl: 'https://{shop}',
    });
    expect(() => loadConfig({ SHOPIFY_SHOP_URL: 'http://127.0.0.1:9' })).toThrow(/\{shop\}/);
  });

  test('lists every bad value readably', () => {
    try {
      loadConfig({ PORT: 'eighty', ROLE: 'boss', DATABASE_URL: 'mysql://x', APP_SECRET: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of ['PORT', 'ROLE', 'DATABASE_URL', 'APP_SECRET'])
        expect(message).toContain(name);
    }
  });

  test('APP_URL loses its trailing slash', () => {
    expect(loadConfig({ APP_URL: 'https://thankly.example.com/' }).appUrl).toBe(
      'https://thankly.example.com',
    );
  });
});

test('APP_SECRET_PREVIOUS lists the secrets being rotated out, each as long as APP_SECRET', () => {
  const a = 'a'.repeat(32);
  const b = 'b'.repeat(40);
  expect(loadConfig({}).previousAppSecrets).toEqual([]);
  expect(loadConfig({ APP_SECRET_PREVIOUS: ` ${a} , ${b},` }).previousAppSecrets).toEqual([a, b]);
  expect(() => loadConfig({ APP_SECRET_PREVIOUS: `${a},short` })).toThrow(
    /APP_SECRET_PREVIOUS value must be at least 32 characters/,
  );
});

test('image storage: on disk by default, S3 only with its keys, a CDN base without its slash', () => {
  expect(loadConfig({}).s3).toBeUndefined();
  expect(() => loadConfig({ S3_BUCKET: 'thankly-media' })).toThrow(
    /S3_BUCKET is set.*S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
  );
  const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
  expect(loadConfig({ S3_BUCKET: 'thankly-media', ...keys }).s3).toEqual({
    bucket: 'thankly-media',
    endpoint: undefined,
    region: 'us-east-1',
    accessKeyId: 'id',
    secretAccessKey: 'secret',
  });
  expect(() => loadConfig({ S3_BUCKET: 'b', ...keys, S3_ENDPOINT: 'not a url' })).toThrow(
    /S3_ENDPOINT/,
  );
  expect(loadConfig({ MEDIA_PUBLIC_URL: 'https://cdn.thankly.io/media/' }).mediaPublicUrl).toBe(
    'https://cdn.thankly.io/media',
  );
});
