import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { ServerProcess } from '../support/server-process.ts';
import { spawnTestServer } from '../support/test-server.ts';
import { dataDirFromTemplate } from '../support/test-databases.ts';

let dataDir: string;

beforeAll(async () => {
  dataDir = await dataDirFromTemplate('thankly-process-');
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** `npm start`'s server on the shared data directory. */
const launch = (port: number) =>
  spawnTestServer({ PORT: String(port), DATA_DIR: dataDir, SMTP_URL: '' });

// A server that exited is reported with its output (the last error vi.waitFor saw) once the wait
// runs out, as is one that never answered.
async function waitForHealth(url: string, server: ServerProcess): Promise<void> {
  await vi.waitFor(
    async () => {
      if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
      const response = await fetch(`${url}/api/health`).catch(() => undefined);
      const ok = response?.ok && ((await response.json()) as { ok?: boolean }).ok === true;
      if (!ok) throw new Error(`server did not become healthy:\n${server.output()}`);
    },
    { timeout: 30_000, interval: 200 },
  );
}

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

test('one process owns the data directory, stops gracefully and keeps the data across a restart', async () => {
  const port = 3300 + Math.floor(Math.random() * 500);
  const url = `http://127.0.0.1:${port}`;
  const first = launch(port);
  await waitForHealth(url, first);

  const credentials = { email: 'persist@example.com', password: 'Keep-me-1' };
  const registered = await fetch(
    `${url}/api/auth/register`,
    json({ name: 'Persist', ...credentials }),
  );
  expect(registered.status).toBe(201);

  // A second process on the same directory refuses to start instead of corrupting it.
  const second = launch(port + 1);
  expect(await second.exit).toBe(1);
  expect(second.output()).toMatch(/Another Thankly process is already using the data directory/);
  expect((await fetch(`${url}/api/health`)).status).toBe(200);

  first.child.kill('SIGTERM');
  expect(await first.exit).toBe(0);

  const restarted = launch(port);
  try {
    await waitForHealth(url, restarted);
    const login = await fetch(`${url}/api/auth/login`, json(credentials));
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { email: string } }).user.email).toBe(
      'persist@example.com',
    );
  } finally {
    restarted.child.kill('SIGTERM');
    expect(await restarted.exit).toBe(0);
  }
  // Three server processes start here one after another, each loading the app and its database:
  // on a loaded 2-core machine that alone took more than the default 30 s.
}, 90_000);
