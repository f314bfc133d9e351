import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { browserOrigin } from './browser-origin.ts';

const DEFAULT = {
  appUrl: 'http://localhost:3000',
  appUrlConfigured: false,
  env: 'development',
} as const;

/** What browserOrigin answers for a request carrying these headers, behind this proxy setting. */
async function originFor(
  headers: Record<string, string>,
  config: Parameters<typeof browserOrigin>[1] = DEFAULT,
  trustProxy: boolean | string = false,
) {
  const app = Fastify({ trustProxy });
  app.get('/', async (request) => ({ origin: browserOrigin(request, config) }));
  const response = await app.inject({ method: 'GET', url: '/', headers });
  await app.close();
  return (response.json() as { origin: string }).origin;
}

describe('the origin links for the browser point at', () => {
  test('without APP_URL: the origin the browser asked for, so 127.0.0.1 stays 127.0.0.1', async () => {
    expect(await originFor({ host: '127.0.0.1:3000' })).toBe('http://127.0.0.1:3000');
    expect(await originFor({ host: '192.168.1.20:3000' })).toBe('http://192.168.1.20:3000');
    expect(await originFor({ host: '[::1]:3000' })).toBe('http://[::1]:3000');
    expect(await originFor({ host: 'LocalHost:3000' })).toBe('http://localhost:3000');
  });

  test('APP_URL wins whenever it is set', async () => {
    const config = {
      appUrl: 'https://thankly.example',
      appUrlConfigured: true,
      env: 'test',
    } as const;
    expect(await originFor({ host: '127.0.0.1:3000' }, config)).toBe('https://thankly.example');
  });

  test('production never trusts a Host header, even were APP_URL somehow not configured', async () => {
    const config = {
      appUrl: 'https://thankly.example',
      appUrlConfigured: false,
      env: 'production',
    } as const;
    expect(await originFor({ host: 'evil.example' }, config)).toBe('https://thankly.example');
  });

  test('a Host that is not a plain host[:port] falls back to the default', async () => {
    for (const host of [
      'evil.example/path',
      'user@evil.example',
      'localhost:3000@evil.example',
      'evil.example, localhost',
      'evil example',
      'evil.example:99999999',
      'evil.example\\@x',
      '-bad.example',
    ]) {
      expect(await originFor({ host }), host).toBe(DEFAULT.appUrl);
    }
  });

  test('forwarded headers count only from a trusted proxy (TRUST_PROXY)', async () => {
    const forwarded = {
      host: '127.0.0.1:3000',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    };
    expect(await originFor(forwarded)).toBe('http://127.0.0.1:3000');
    expect(await originFor(forwarded, DEFAULT, '127.0.0.1')).toBe('https://evil.example');
  });
});
