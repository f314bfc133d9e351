// ARCHITECTURE.md names every folder of apps/server/src in its `apps/server` row: the capabilities,
// then the parts of src/infrastructure. A folder added, moved or removed without the row following
// fails here, so the picture a new engineer reads first stays the code's.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoDir = path.resolve(serverDir, '../..');

function listedFolders(): string[] {
  const doc = readFileSync(path.join(repoDir, 'ARCHITECTURE.md'), 'utf8');
  const row = doc.split('\n').find((line) => line.startsWith('| `apps/server`'));
  if (!row) throw new Error('ARCHITECTURE.md has no `apps/server` row in its table of parts');
  // Folder names are the row's backticked lowercase words; paths, files and `ROLE` are not.
  return [...row.matchAll(/`([a-z][a-z-]*)`/g)].map((match) => match[1]!).sort();
}

test("ARCHITECTURE.md's apps/server row lists exactly the folders of apps/server/src and its infrastructure", () => {
  const foldersIn = (dir: string) =>
    readdirSync(path.join(serverDir, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  const capabilities = foldersIn('src').filter((name) => name !== 'infrastructure');
  const folders = [...capabilities, ...foldersIn('src/infrastructure')].sort();
  const listed = listedFolders();
  expect(
    {
      unlisted: folders.filter((f) => !listed.includes(f)),
      missing: listed.filter((f) => !folders.includes(f)),
    },
    'name each folder in the apps/server row of ARCHITECTURE.md, and nothing else',
  ).toEqual({ unlisted: [], missing: [] });
});
