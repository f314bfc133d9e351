import { inject } from 'vitest';
import { type ServerProcess, spawnServer } from './server-process.ts';

/** The server as its own process, built from this run's sources by the project's global setup. */
export function spawnTestServer(env: Record<string, string>): ServerProcess {
  return spawnServer(env, { entry: inject('testServerEntry') });
}
