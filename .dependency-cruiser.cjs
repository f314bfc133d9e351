// dependency-cruiser reads the server's import graph for `npm run lint:deps`
// (scripts/check-folder-cycles.ts), which fails when two apps/server/src folders import each other.
// Folder-level cycles are not a rule dependency-cruiser has, so the check itself, and the list of
// pairs still allowed, live in that script; this file only says what graph to read.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^apps/server/src/',
    // A test may reach across folders to set up what it tests; only shipped code has to layer.
    exclude: { path: '\\.test\\.ts$' },
    // `import type` counts: a folder that needs another's types depends on it as much as on its code.
    tsPreCompilationDeps: true,
  },
};
