// Fails when two folders of apps/server/src import each other (A imports B and B imports A), since
// such a pair can no longer be understood, tested or moved one without the other (issue 39). A file
// directly in apps/server/src (context.ts, runtime.ts) counts as a folder of its own.
// Run by `npm run lint:deps`; the graph comes from dependency-cruiser with .dependency-cruiser.cjs.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The pairs that already imported each other when the check was added, each with the edge that
 * closes the cycle (the import against the intended direction). Shrink this list; never grow it: a
 * new pair means some small piece (a type, a constant, a pure helper) lives in the wrong folder.
 */
const ALLOWED: Array<[string, string, string]> = [];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = 'apps/server/src/';

type Cruised = { modules: Array<{ source: string; dependencies: Array<{ resolved: string }> }> };

function folderOf(file: string): string {
  const [first, ...rest] = file.slice(SOURCE.length).split('/');
  return rest.length > 0 ? first : first.replace(/\.[cm]?tsx?$/, '');
}

const json = execFileSync(
  path.join(root, 'node_modules/.bin/depcruise'),
  [SOURCE, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
  { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
const cruised = JSON.parse(json) as Cruised;

/** "from→to" for each folder edge, with the first file-level import that makes it. */
const edges = new Map<string, string>();
for (const module of cruised.modules) {
  if (!module.source.startsWith(SOURCE)) continue;
  for (const dependency of module.dependencies) {
    if (!dependency.resolved.startsWith(SOURCE)) continue;
    const from = folderOf(module.source);
    const to = folderOf(dependency.resolved);
    const key = `${from}→${to}`;
    if (from !== to && !edges.has(key)) {
      edges.set(
        key,
        `${module.source.slice(SOURCE.length)} → ${dependency.resolved.slice(SOURCE.length)}`,
      );
    }
  }
}
if (edges.size === 0) throw new Error('dependency-cruiser found no imports between server folders');

const pairKey = (a: string, b: string) => [a, b].sort().join(' ↔ ');
const allowed = new Set(ALLOWED.map(([a, b]) => pairKey(a, b)));
const found = new Set<string>();
const problems: string[] = [];
for (const [key, edge] of edges) {
  const [from, to] = key.split('→');
  if (from > to) continue;
  const back = edges.get(`${to}→${from}`);
  if (!back) continue;
  const pair = pairKey(from, to);
  found.add(pair);
  if (!allowed.has(pair)) {
    problems.push(`${pair} import each other:\n    ${edge}\n    ${back}`);
  }
}
for (const pair of allowed) {
  if (!found.has(pair)) {
    problems.push(
      `${pair} no longer import each other: remove the pair from ALLOWED in ${path.relative(root, fileURLToPath(import.meta.url))}`,
    );
  }
}

if (problems.length > 0) {
  console.error(`Server folders must not import each other:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`No new folder cycles in ${SOURCE} (${allowed.size} known pairs allowed).`);
