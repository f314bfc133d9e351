import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { access, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { type ReceivedMail, startSmtpSink } from '../../apps/server/test/support/smtp-sink.ts';
import { repoRoot, serverRoot } from '../../apps/server/src/infrastructure/config/server-root.ts';
import { dataDirFromTemplate } from '../../apps/server/test/support/test-databases.ts';

export interface RunningApp {
  url: string;
  mail: {
    messages(): Promise<ReceivedMail[]>;
    waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  };
  /** What the server printed, for diagnosing a failed test. */
  output(): string;
  /**
   * Kills the server process without warning (SIGKILL: a crash, no graceful close) and starts it
   * again on the same data directory and port, as an operator's restart after a crash would.
   */
  crashAndRestart(options?: { downMs?: number; whileDown?: () => Promise<void> }): Promise<void>;
  stop(): Promise<void>;
  /** Kills the server and deletes its data at once, for a test process about to exit. */
  kill(): void;
}

/** The built server's entry point; the browser tests run the product as `npm start` does. */
async function builtServer(): Promise<string> {
  const entry = path.join(serverRoot, 'dist/server.js');
  try {
    await access(entry);
  } catch {
    throw new Error(
      `No built server at ${entry}: run \`npm run build\` first (\`npm test\` does).`,
    );
  }
  return entry;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A test's server lives for one file, or for the files of one test worker. V8 optimises the
 * embedded database's WebAssembly (PostgreSQL, 9 MB) on background threads as soon as it runs,
 * which cost more CPU than the tests' queries ever win back: with the baseline compiler only, a
 * server starts on 4.4 CPU-s instead of 7.5, and four browser-test files took 196-204 CPU-s instead
 * of 218-237 (same run, same machine). The code it runs is the same; only how fast its database
 * code runs differs. `npm start` and the benchmarks keep V8's defaults.
 */
const TEST_SERVER_V8_FLAGS = ['--liftoff-only'];

/**
 * The product as a seller meets it: the real server process serving the built web app on a fresh
 * embedded database, with its mail going over SMTP to a sink on loopback.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const dataDir = await dataDirFromTemplate('thankly-e2e-');
  const sink = await startSmtpSink();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const serverEntry = await builtServer();
  const serverEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    LOG_LEVEL: 'warn',
    ...env,
  };
  let child!: ChildProcess;
  let exited!: Promise<void>;

  /** Starts the server and waits for its health check. */
  async function launch(deadlineMs = 60_000) {
    // The server as `npm start` runs it: built into apps/server/dist by `npm test`'s build step.
    child = spawn(process.execPath, [...TEST_SERVER_V8_FLAGS, serverEntry], {
      cwd: repoRoot,
      env: serverEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const started = child;
    exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));

    const deadline = Date.now() + deadlineMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server exited during start:\n${output}`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline)
        throw new Error(`The server did not start within 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await launch();

  return {
    url,
    mail: { messages: async () => [...sink.messages], waitFor: sink.waitFor },
    output: () => output,
    async crashAndRestart({ downMs = 0, whileDown } = {}) {
      child.kill('SIGKILL');
      await exited;
      await whileDown?.();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      // The killed process's lock on the data directory goes stale after 10 s (data-dir-lock.ts);
      // until then the new one refuses to start, as it should, and is started again.
      const deadline = Date.now() + 40_000;
      for (;;) {
        try {
          await launch();
          return;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    },
    kill() {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await sink.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
