import { defineConfig } from 'vitest/config';
import { postgresApiFiles } from './apps/server/test/support/postgres-test-files.ts';
import { testScratchDir } from './scripts/test-scratch-dir.ts';

// One test command for the whole repository. Each project is one part of the product; the server's
// API suite runs on the embedded database, and again on the PostgreSQL server named by
// TEST_DATABASE_URL for the files where the engine changes the outcome (see postgresApiFiles).
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

// Test databases, data directories and browser profiles go to a RAM disk where there is one (see
// testScratchDir), unless TMPDIR already names a place; workers and the servers they start inherit it.
const scratchDir = process.env.TMPDIR ? undefined : testScratchDir();
if (scratchDir) process.env.TMPDIR = scratchDir;

// The projects that drive Chromium run on their own, after the others: a browser, its renderer and
// an app server per worker beside the in-process API and jsdom tests starved both on two cores.
const BROWSER_GROUP = { groupOrder: 1 };
// Two files at a time there, one per core: a worker's Chromium, its app server and the test itself
// keep a core busy between them, and four at a time only made them take turns. On this 2-core
// machine the browser tests took 656 s and 1,177 CPU-s with two workers against 782 s and 1,526
// with four; eight of their files 117-119 s and 207-215 CPU-s against 130-143 s and 252-279
// (runs in turn, same hour). Projects of one group must name the same count.
const BROWSER_WORKERS = 2;

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Four files at a time on a 2-core machine: most of a test's time is waiting (for a job's poll,
    // a page to settle), not computing, but each file waits less than it computes on a slower
    // machine, and six at a time starved tests with deadlines there (see BROWSER_GROUP).
    maxWorkers: 4,
    projects: [
      {
        test: {
          name: 'email',
          root: 'packages/email',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // The layout tests render emails in Chromium.
          globalSetup: ['../../e2e/support/require-chromium.ts'],
          sequence: BROWSER_GROUP,
          maxWorkers: BROWSER_WORKERS,
          // Files share one module graph per worker, as in the server and web projects: no test
          // here mocks a module or changes a global, and importing the renderer (sanitiser, zod
          // schemas) afresh took most of each small file's time.
          isolate: false,
        },
      },
      {
        test: {
          name: 'bench',
          root: 'bench',
          // The benchmarks' own tooling (their figures are checked by running them, not here).
          include: ['lib/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'scripts',
          root: 'scripts',
          // The repository's own tooling: the layer check's cycle finder.
          include: ['**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'contract',
          root: 'packages/api-contract',
          include: ['src/**/*.test.ts'],
          // Shared per worker for the same reason as the email project, whose renderer it imports.
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // The process tests run the server built from this run's sources, as `npm start` runs it.
          globalSetup: ['./test/support/build-test-server.ts'],
          // V8's baseline compiler only, for the embedded database's WebAssembly, as for the browser
          // tests' servers (e2e/support/start-app.ts): optimising it took more CPU than the files'
          // queries won back (this project: 512 CPU-s instead of 562, same machine, alone).
          execArgv: ['--liftoff-only'],
          // Each file starts its own app on its own database, and no server test mocks a module or
          // changes the environment, so files share one module graph per worker. Importing the
          // server afresh for every file was measured at a third of this project's time (307 s
          // isolated, 171 s shared, both on this 2-core machine).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          root: 'apps/server',
          include: postgresApiFiles(),
          env: { TEST_DATABASE_URL: postgresUrl, TEST_ENGINE: 'postgres' },
          // Modules shared per worker, as in the server project: importing the server afresh for
          // each file was a quarter of this project's time.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The suites share one PostgreSQL database, each file in a schema of its own, so two
          // files at a time do not meet. (A project of one file at a time is run after all the
          // others, alone, with the second core idle.)
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          // Files share one module graph per worker (React, the editor, the contract's schemas):
          // importing them afresh for each file was half of this project's time (831 s isolated,
          // 413 s shared, same machine and load); testing-library unmounts every render after each
          // test, and no web test mocks a module.
          isolate: false,
          // A whole editor screen in jsdom takes 2-5 s on a 2-core machine while the other projects
          // run beside it, and the longest test (a dozen editor steps) up to 15 s on a slower
          // machine: the limit is for a test that hangs, not a slow machine.
          testTimeout: 30_000,
          setupFiles: ['./src/test/jsdom-layout.ts', './src/test/async-waits.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.test.ts'],
          globalSetup: ['./support/require-chromium.ts'],
          sequence: BROWSER_GROUP,
          maxWorkers: BROWSER_WORKERS,
          // The files a worker runs share its modules, its Chromium and its app server (see
          // useBrowserSession in helpers.ts); a file that needs settings of its own starts its own app.
          isolate: false,
          // A whole journey through the browser takes 20-40 s alone and up to a minute beside five
          // other files on two cores; the limit is for a test that hangs, not a slow machine.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each worker has its own app process (own port, own data directory) and browser, so two
          // files at a time do not meet; one at a time left the second core idle for ten minutes.
        },
      },
    ],
  },
});
