import { describe, expect, test } from 'vitest';
import { ConfigError, canUseLocalStandIns, loadConfig } from './env.ts';

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
    expect(canUseLocalStandIns(config)).toBe(true);
  });

  test('production requires APP_SECRET and refuses the stand-ins unless enabled', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) })).toThrow(
      /SMTP_URL is required/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://relay:25',
    });
    expect(canUseLocalStandIns(config)).toBe(false);
    expect(
      canUseLocalStandIns(
        loadConfig({
          NODE_ENV: 'production',
          APP_SECRET: 'x'.repeat(32),
          ALLOW_DEMO_IN_PRODUCTION: 'true',
        }),
      ),
    ).toBe(true);
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
