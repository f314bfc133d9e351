// `npm start` and `npm test` run the built web app and server. Building takes a minute or two on a
// small machine, so it runs only when something it is built from changed since the last build:
// the sources of the web app, the server and the workspace packages, their configs and the lockfile.
import { createHash } from 'node:crypto';
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
  'apps/server/package.json',
  'packages/email',
  'packages/api-contract',
];
/** Never inputs: what a build or a test run writes, and installed packages. */
const SKIPPED = new Set(['node_modules', 'dist', '.tmp', '.cache']);
const OUTPUTS = ['apps/server/dist/server.js', 'apps/web/dist/index.html'];
const STAMP = path.join(root, '.tmp', 'build-inputs');

/** Every input file's path, size and modification time, hashed: cheap, and any edit changes it. */
function inputsDigest(): string {
  const hash = createHash('sha256');
  const visit = (relative: string) => {
    const absolute = path.join(root, relative);
    if (!existsSync(absolute)) return;
    const stat = statSync(absolute);
    if (stat.isDirectory()) {
      for (const name of readdirSync(absolute).sort()) {
        if (!SKIPPED.has(name) && !name.endsWith('.tsbuildinfo')) visit(path.join(relative, name));
      }
    } else {
      hash.update(`${relative}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  for (const input of INPUTS) visit(input);
  return hash.digest('hex');
}

const digest = inputsDigest();
const built = OUTPUTS.every((output) => existsSync(path.join(root, output)));
const previous = existsSync(STAMP) ? readFileSync(STAMP, 'utf8') : '';
if (built && previous === digest) {
  console.log('The build is up to date with the sources (`npm run build` rebuilds anyway).');
} else {
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  mkdirSync(path.dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, digest);
}
