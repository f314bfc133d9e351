import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { serverRoot } from '../../src/infrastructure/config/server-root.ts';

export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code, or the signal name when a signal ended it. */
  exit: Promise<number | string | null>;
  stop(): Promise<number | string | null>;
}

/**
 * The server as its own process (any ROLE), with the given environment on top of ours, from a
 * built entry point: dist/server.js as `npm start` runs it (benchmarks measure that one; run
 * `npm run build` first), or in tests this run's build of the sources (`spawnTestServer`).
 */
export function spawnServer(
  env: Record<string, string>,
  { entry = path.join(serverRoot, 'dist/server.js') }: { entry?: string } = {},
): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, [entry], {
    cwd: serverRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exit = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  return {
    child,
    output: () => output,
    exit,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exit;
    },
  };
}

/** Polls until `check` holds, or fails with what `describe` says about the state. */
export async function waitUntil(
  check: () => Promise<boolean>,
  describe: () => Promise<string> | string,
  timeoutMs = 30_000,
): Promise<void> {
  // A loop of its own, not vi.waitFor: the benchmarks start servers with this outside vitest.
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out: ${await describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
