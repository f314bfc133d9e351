// The server's layers, checked by `npm run lint:deps` (scripts/check-server-layers.ts), which reads
// the import graph through this file and fails on any rule broken here or any cycle of folders.
//
//   src/server.ts, runtime.ts, app.ts, app-config.ts, cleanup-job.ts
//                                 the composition root: wires a process together
//   src/<capability>/             what the product does (auth, orders, marketplace, …)
//   src/infrastructure/<part>/    what any service needs (db, http, mail, …)
//
// Imports point down. The AppContext (context.ts, base-context.ts) is the one type every layer
// shares: it names the services a process holds, so it may only be imported as a type.
const SERVER = '^apps/server/src/';
const ROOT_FILES = `${SERVER}(server|runtime|app|app-config|cleanup-job)\\.ts$`;
const CONTEXT_FILES = `${SERVER}(context|base-context)\\.ts$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'infrastructure-imports-no-capability',
      comment:
        'infrastructure/ serves every capability and knows none: move what it needs down into infrastructure/, or pass it in.',
      severity: 'error',
      from: { path: `${SERVER}infrastructure/` },
      to: { path: SERVER, pathNot: `${SERVER}infrastructure/` },
    },
    {
      name: 'nothing-imports-the-composition-root',
      comment:
        'The composition root wires capabilities together; a capability needing it has the direction backwards.',
      severity: 'error',
      from: { pathNot: ROOT_FILES },
      to: { path: ROOT_FILES },
    },
    {
      name: 'app-context-only-as-a-type',
      comment: 'The AppContext names every service a process holds; import it with `import type`.',
      severity: 'error',
      from: {},
      to: { path: CONTEXT_FILES, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: SERVER,
    // A test may reach across folders to set up what it tests; only shipped code has to layer.
    exclude: { path: '\\.test\\.ts$' },
    // `import type` counts: a folder that needs another's types depends on it as much as on its code.
    tsPreCompilationDeps: true,
  },
};
