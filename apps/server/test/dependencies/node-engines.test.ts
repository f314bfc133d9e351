import {
  existsSync,
  mkdtempSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// npm only warns (EBADENGINE) when a package declares it does not support our runtime, and the
// warning scrolls away in CI. This reads what is actually installed, so an upgrade that drops
// Node 20 support fails here, naming the package and the path that pulled it in.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

// semver is already in the tree (fastify and typescript-eslint depend on it); no types are
// installed for it, so the two calls used here are typed by hand.
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

interface Manifest {
  name?: string;
  version?: string;
  workspaces?: string[];
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

interface Conflict {
  package: string;
  via: string;
  requires: string;
  excludes: string;
}

function readManifest(directory: string): Manifest {
  return JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8')) as Manifest;
}

/** Node's own lookup: the nearest node_modules/<name> from `from` up to the repository root. */
function locate(name: string, from: string, root: string): string | undefined {
  for (let directory = from; ; directory = path.dirname(directory)) {
    const candidate = path.join(directory, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (directory === root || path.dirname(directory) === directory) return undefined;
  }
}

/**
 * Every installed package reachable from the root and its workspaces (their dev tools included,
 * as npm installs and checks those too) whose `engines.node` excludes one of `nodeVersions`.
 */
function findEngineConflicts(root: string, nodeVersions: string[]): Conflict[] {
  const rootManifest = readManifest(root);
  const conflicts: Conflict[] = [];
  const visited = new Set<string>();
  const queue: { directory: string; via: string[]; includeDev: boolean }[] = [
    { directory: realpathSync(root), via: [], includeDev: true },
    ...(rootManifest.workspaces ?? []).map((workspace) => ({
      directory: realpathSync(path.join(root, workspace)),
      via: [],
      includeDev: true,
    })),
  ];
  const missing: string[] = [];
  for (let item = queue.shift(); item; item = queue.shift()) {
    if (visited.has(item.directory)) continue;
    visited.add(item.directory);
    const manifest = readManifest(item.directory);
    const label = `${manifest.name ?? path.basename(item.directory)}@${manifest.version ?? '?'}`;
    const range = manifest.engines?.node;
    if (range) {
      for (const version of nodeVersions) {
        if (!semver.satisfies(version, range)) {
          conflicts.push({
            package: label,
            via: item.via.join(' > ') || '(root)',
            requires: range,
            excludes: version,
          });
        }
      }
    }
    const required = {
      ...manifest.dependencies,
      ...(item.includeDev ? manifest.devDependencies : {}),
    };
    const optional = { ...manifest.peerDependencies, ...manifest.optionalDependencies };
    for (const name of new Set([...Object.keys(required), ...Object.keys(optional)])) {
      const directory = locate(name, item.directory, root);
      if (!directory) {
        // Optional and peer packages may legitimately be absent (other platforms, unused peers).
        if (name in required && !(name in optional)) missing.push(`${name} (needed by ${label})`);
        continue;
      }
      queue.push({ directory, via: [...item.via, label], includeDev: false });
    }
  }
  if (missing.length > 0) throw new Error(`Not installed: ${missing.join(', ')}`);
  return conflicts;
}

/** The versions the project promises to run on: its lowest declared Node and the one running. */
function declaredNodeVersions(root: string): { declared: string; versions: string[] } {
  const declared = readManifest(root).engines?.node;
  if (!declared) throw new Error('package.json must declare engines.node');
  const lowest = semver.minVersion(declared)?.version;
  if (!lowest) throw new Error(`engines.node "${declared}" matches no version`);
  const running = process.versions.node;
  const versions = semver.satisfies(running, declared) ? [lowest, running] : [lowest];
  return { declared, versions: [...new Set(versions)] };
}

function describeConflicts(conflicts: Conflict[]): string[] {
  return conflicts.map(
    (c) => `${c.package} (via ${c.via}) requires node "${c.requires}", excluding ${c.excludes}`,
  );
}

describe('installed packages support the Node versions the project declares', () => {
  test('no installed package excludes the lowest declared Node or the running one', () => {
    const { versions } = declaredNodeVersions(repoRoot);
    expect(describeConflicts(findEngineConflicts(repoRoot, versions))).toEqual([]);
  });

  test('a package deep in the tree that excludes the declared Node is named with its path', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'thankly-engines-'));
    try {
      const write = (directory: string, manifest: Manifest) => {
        mkdirSync(path.join(root, directory), { recursive: true });
        writeFileSync(path.join(root, directory, 'package.json'), JSON.stringify(manifest));
      };
      write('.', {
        name: 'app',
        version: '1.0.0',
        engines: { node: '>=20.19' },
        workspaces: ['server'],
      });
      write('server', { name: 'server', version: '0.0.0', dependencies: { queue: '^1' } });
      write('node_modules/queue', {
        name: 'queue',
        version: '1.0.0',
        engines: { node: '>=20' },
        dependencies: { cookie: '^2' },
        optionalDependencies: { 'native-win32': '1' },
      });
      write('node_modules/queue/node_modules/cookie', {
        name: 'cookie',
        version: '2.0.2',
        engines: { node: '>=22' },
      });

      const { versions } = declaredNodeVersions(root);
      expect(versions[0]).toBe('20.19.0');
      expect(describeConflicts(findEngineConflicts(root, ['20.19.0']))).toEqual([
        'cookie@2.0.2 (via server@0.0.0 > queue@1.0.0) requires node ">=22", excluding 20.19.0',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
