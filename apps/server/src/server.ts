import { loadConfig } from './app-config.ts';
import { ConfigError } from './infrastructure/config/env.ts';
import { DataDirLockedError } from './infrastructure/db/data-dir-lock.ts';
import { loggableError } from './infrastructure/http/loggable-error.ts';
import { startRuntime } from './runtime.ts';

/** The process: configuration, listening, and a graceful stop on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const runtime = await startRuntime(config);
  const { log } = runtime.ctx;
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded database in ${config.dataDir}`;
  if (runtime.app) {
    await runtime.app.listen({ port: config.port, host: config.host });
    const address = runtime.app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    log.info(`Thankly is running at http://${config.host}:${port} (role ${config.role}, ${where})`);
  } else {
    log.info(`Thankly worker started (${where})`);
  }
  if (runtime.ctx.mailer.kind === 'outbox') {
    log.info(
      'No SMTP_URL set: mail is kept in the local outbox at /dev/outbox (sign in to read your account’s mail; OPERATOR_TOKEN reads all).',
    );
  }

  // A promise nobody awaited failed (a library's background call, a callback fired late): one
  // unit of work went wrong, and ending the process for it would stop every other seller's orders
  // too. The operator reads it in the log; the work itself is retried by its own queue.
  process.on('unhandledRejection', (reason) => {
    log.error({ err: loggableError(reason) }, 'a background task failed unobserved');
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing work in progress and stopping.`);
    const timer = setTimeout(() => {
      log.error('Graceful stop took too long; exiting.');
      process.exit(1);
    }, 20_000);
    timer.unref();
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

// Before the runtime (and its logger) exists, or once it failed to start: straight to stderr.
main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Thankly failed to start:', error);
  }
  process.exit(1);
});
