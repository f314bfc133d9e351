import { createServer } from 'node:net';
import {
  type ServerProcess,
  spawnServer,
  waitUntil,
} from '../../apps/server/test/support/server-process.ts';

/** The public address the load benchmarks' API processes believe they serve. */
export const BENCH_APP_URL = 'https://app.thankly.io';

/** A port nothing listens on now, for a process to be told to use. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The built server in production mode, as any ROLE. It sends no mail: the SMTP address leads
 * nowhere.
 */
export function spawnBenchServer(appSecret: string, env: Record<string, string>): ServerProcess {
  return spawnServer({
    NODE_ENV: 'production',
    APP_SECRET: appSecret,
    // Production refuses to start without an https APP_URL and a real sender domain.
    APP_URL: BENCH_APP_URL,
    MAIL_FROM: 'Thankly <notes@mail.thankly.io>',
    SUPPORT_EMAIL: 'support@thankly.io',
    ALLOW_DEMO_SHOP: 'true',
    SMTP_URL: 'smtp://127.0.0.1:9',
    LOG_LEVEL: 'warn',
    ...env,
  });
}

/**
 * The built server on a free loopback port, answering /api/health. Every seeded order is already
 * sent, so it has no mail to send.
 */
export async function startBenchApi(
  appSecret: string,
  env: Record<string, string>,
): Promise<{ url: string; server: ServerProcess }> {
  const port = await freePort();
  const server = spawnBenchServer(appSecret, { HOST: '127.0.0.1', PORT: String(port), ...env });
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(
    async () => (await fetch(`${url}/api/health`).catch(() => undefined))?.status === 200,
    () => server.output(),
    60_000,
  );
  return { url, server };
}
