// `npm start` and `npm test` run the built web app and server. Building takes a minute or two on a
// small machine, so it runs only when something it is built from changed since the last build:
// the sources of the web app, the server and the workspace packages, their configs and the lockfile.
// Tests are not built from, so editing one never rebuilds. A dist built some other way (`npm run
// build`, a copy from a CI job) counts as up to date when it is newer than every source.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'apps/web',
  'apps/server/src',
  'apps/server/build.ts',
  'apps/server/build-server.ts',
  'apps/server/package.json',
  'packages/email',
  'packages/api-contract',
];
/** Never inputs: what a build or a test run writes, installed packages, and tests. */
const SKIPPED = new Set(['node_modules', 'dist', '.tmp', '.cache', 'test']);
const isTestFile = (name: string) => /\.test\.tsx?$/.test(name) || name.endsWith('.tsbuildinfo');
const OUTPUTS = ['apps/server/dist/server.js', 'apps/web/dist/index.html'];
const STAMP = path.join(root, '.tmp', 'build-inputs.json');

interface Inputs {
  /** Each input file's size and modification time, by path: any edit changes its entry. */
  files: Record<string, string>;
  /** The latest modification of an input file or folder (a removed file changes its folder's). */
  newestMs: number;
}

function readInputs(): Inputs {
  const files: Record<string, string> = {};
  let newestMs = 0;
  const visit = (relative: string) => {
    const absolute = path.join(root, relative);
    if (!existsSync(absolute)) return;
    const stat = statSync(absolute);
    newestMs = Math.max(newestMs, stat.mtimeMs);
    if (stat.isDirectory()) {
      for (const name of readdirSync(absolute).sort()) {
        if (!SKIPPED.has(name) && !isTestFile(name)) visit(path.join(relative, name));
      }
    } else {
      files[relative] = `${stat.size}:${stat.mtimeMs}`;
    }
  };
  for (const input of INPUTS) visit(input);
  return { files, newestMs };
}

function readStamp(): Record<string, string> | null {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8')) as Record<string, string>;
  } catch {
    return null;
  }
}

/** The inputs that differ from the last build's: changed or added, then removed. */
function changedSince(previous: Record<string, string>, now: Record<string, string>): string[] {
  return [
    ...Object.keys(now).filter((file) => previous[file] !== now[file]),
    ...Object.keys(previous).filter((file) => !(file in now)),
  ];
}

function outputsOldestMs(): number | null {
  const times = OUTPUTS.map((output) => path.join(root, output)).map((file) =>
    existsSync(file) ? statSync(file).mtimeMs : null,
  );
  return times.every((time) => time !== null) ? Math.min(...(times as number[])) : null;
}

function writeStamp(files: Record<string, string>): void {
  mkdirSync(path.dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, JSON.stringify(files));
}

const inputs = readInputs();
const builtAt = outputsOldestMs();
const previous = readStamp();
const changed = previous ? changedSince(previous, inputs.files) : null;

if (builtAt !== null && changed?.length === 0) {
  console.log('The build is up to date with the sources (`npm run build` rebuilds anyway).');
} else if (builtAt !== null && inputs.newestMs < builtAt) {
  console.log('The build in dist is newer than every source: using it as it is.');
  writeStamp(inputs.files);
} else {
  const shown = changed?.slice(0, 5).join(', ');
  console.log(
    builtAt === null
      ? 'Building the web app and the server (no build yet)…'
      : changed
        ? `Building the web app and the server (${changed.length} sources changed: ${shown}${changed.length > 5 ? ', …' : ''})…`
        : 'Building the web app and the server (sources newer than the build)…',
  );
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  // The sources as they were when the build began: one edited meanwhile builds again next time.
  writeStamp(inputs.files);
}
