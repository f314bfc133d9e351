// Global setup of the server project: the tests that start the server as its own process run it
// built, as `npm start` does, from this run's sources. Through tsx a process started on 3-4
// CPU-seconds more (its loader compiles and resolves every module again), which on a busy 2-core
// machine was enough to miss a 30 s start deadline; the build takes under a second.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../build-server.ts';
import { serverRoot } from '../../src/infrastructure/config/server-root.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's built server entry point (`spawnTestServer`). */
    testServerEntry: string;
  }
}

export default async function buildTestServer(project: TestProject) {
  // Inside apps/server, where the built code finds its migrations; one folder per run, so two
  // runs at once never build over each other.
  const outdir = path.join(
    serverRoot,
    'node_modules/.cache/thankly-test-server',
    String(process.pid),
  );
  await buildServer(outdir);
  project.provide('testServerEntry', path.join(outdir, 'server.js'));
  return () => rm(outdir, { recursive: true, force: true });
}
