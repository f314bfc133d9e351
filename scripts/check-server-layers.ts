// The server's layers (issue 39), run by `npm run lint:deps`. Fails when
// - an import breaks a rule of .dependency-cruiser.cjs (infrastructure/ imports no capability,
//   nothing imports the composition root, the AppContext is imported only as a type), or
// - folders of apps/server/src import each other in a loop of any length (a imports b, b imports
//   c, c imports a): such folders can no longer be understood, tested or moved one at a time.
// Each infrastructure part (infrastructure/db, infrastructure/http, …) counts as a folder, and a
// file directly in apps/server/src (runtime.ts, app.ts) as one of its own. Imports of the
// AppContext's type (context.ts, base-context.ts) are not counted: it names every service, and
// that is what lets a service reach another it does not import.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { folderCycles } from './lib/folder-cycles.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = 'apps/server/src/';
const CONTEXT_FILES = new Set([`${SOURCE}context.ts`, `${SOURCE}base-context.ts`]);

interface Cruised {
  modules: Array<{ source: string; dependencies: Array<{ resolved: string }> }>;
  summary: {
    violations: Array<{ from: string; to: string; rule: { name: string } }>;
    ruleSetUsed: { forbidden: Array<{ name: string; comment: string }> };
  };
}

function folderOf(file: string): string {
  const parts = file.slice(SOURCE.length).split('/');
  if (parts[0] === 'infrastructure' && parts.length > 2) return `infrastructure/${parts[1]}`;
  return parts.length > 1 ? parts[0]! : parts[0]!.replace(/\.[cm]?tsx?$/, '');
}

const cruised = JSON.parse(
  execFileSync(
    path.join(root, 'node_modules/.bin/depcruise'),
    [SOURCE, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  ),
) as Cruised;

const problems = cruised.summary.violations.map(
  (v) => `${v.rule.name}: ${v.from.slice(SOURCE.length)} → ${v.to.slice(SOURCE.length)}`,
);
for (const name of new Set(cruised.summary.violations.map((v) => v.rule.name))) {
  const rule = cruised.summary.ruleSetUsed.forbidden.find((candidate) => candidate.name === name);
  if (rule) problems.push(`(${name}) ${rule.comment}`);
}

/** from → to → the first file-level import that makes the folder edge, to show where to cut. */
const graph = new Map<string, Map<string, string>>();
for (const module of cruised.modules) {
  if (!module.source.startsWith(SOURCE)) continue;
  for (const { resolved } of module.dependencies) {
    if (!resolved.startsWith(SOURCE) || CONTEXT_FILES.has(resolved)) continue;
    const from = folderOf(module.source);
    const to = folderOf(resolved);
    if (from === to) continue;
    const edges = graph.get(from) ?? graph.set(from, new Map()).get(from)!;
    if (!edges.has(to))
      edges.set(to, `${module.source.slice(SOURCE.length)} → ${resolved.slice(SOURCE.length)}`);
  }
}
if (graph.size === 0) throw new Error('dependency-cruiser found no imports between server folders');

const folderGraph = new Map([...graph].map(([from, edges]) => [from, new Set(edges.keys())]));
for (const cycle of folderCycles(folderGraph)) {
  const steps = cycle.slice(1).map((to, i) => `    ${graph.get(cycle[i]!)!.get(to)}`);
  problems.push(`${cycle.join(' → ')} import each other in a loop:\n${steps.join('\n')}`);
}

if (problems.length > 0) {
  console.error(`The server's layers are broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
const folders = new Set([...graph.keys(), ...[...graph.values()].flatMap((e) => [...e.keys()])]);
console.log(
  `The server's layers hold: ${folders.size} folders, no import against its layer, no loop of folders.`,
);
