import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server). The code runs from two places: its sources under
 * src/ (tests, `npm run dev -w apps/server`) and the one-file bundle in dist/ that `npm start` builds, so files
 * beside the code (migrations, the web app's build) are found from here rather than from the
 * running module's own path.
 */
export const serverRoot = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The repository's root, where apps/web/dist lives. */
export const repoRoot = path.resolve(serverRoot, '../..');

function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'src', 'infrastructure', 'db', 'migrations'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No server package above ${from}`);
  }
}
