// Builds what `npm start` runs: the server and its workspace packages (@thankly/email,
// @thankly/api-contract) as plain JavaScript in dist/, with every npm package left to load from
// node_modules. Running TypeScript through a loader at run time costs a process about 80 MB of
// memory and its start-up time; the built server needs neither.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(root, 'dist');

/** Bare imports stay imports, except our own workspace packages, which ship as TypeScript. */
const npmPackagesStayExternal: Plugin = {
  name: 'npm-packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      specifier.startsWith('@thankly/') ? undefined : { path: specifier, external: true },
    );
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  // Worker threads start from files of their own (see src/infrastructure/threads/worker-pool.ts).
  entryPoints: {
    server: path.join(root, 'src/server.ts'),
    'card-render-worker': path.join(root, 'src/thank-by-hand/card-render-worker.ts'),
    'password-worker': path.join(root, 'src/auth/password-worker.ts'),
  },
  outdir,
  bundle: true,
  // Code a process may not need (the HTTP app in a worker, the embedded database on a server)
  // stays in chunks of its own, loaded on first use.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  plugins: [npmPackagesStayExternal],
  logLevel: 'warning',
});
console.log(`built the server into ${path.relative(process.cwd(), outdir) || '.'}`);
