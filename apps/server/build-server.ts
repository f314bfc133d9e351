// How the server is built into plain JavaScript: its sources and workspace packages
// (@thankly/email, @thankly/api-contract) bundled, with every npm package left to load from
// node_modules. `npm run build` builds into dist/ (what `npm start` runs); the server tests build
// the same bundle from the current sources for the tests that start it as its own process.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Bare imports stay imports, except our own workspace packages, which ship as TypeScript. */
const npmPackagesStayExternal: Plugin = {
  name: 'npm-packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      specifier.startsWith('@thankly/') ? undefined : { path: specifier, external: true },
    );
  },
};

/**
 * Builds the server into `outdir`, which must be inside apps/server: the built code finds its
 * migrations and the web app's build from the server package's folder above it (server-root.ts).
 */
export async function buildServer(outdir: string): Promise<void> {
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
}
