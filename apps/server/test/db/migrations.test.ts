import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { expect, test } from 'vitest';
import { openServerDatabase } from '../../src/infrastructure/db/database.ts';
import { createPostgresDatabase } from '../support/test-databases.ts';

const migrationsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../src/infrastructure/db/migrations',
);

test('several processes starting at once on an empty PostgreSQL database migrate it exactly once', async () => {
  const server = await createPostgresDatabase('thankly_migrate');
  try {
    const handles = await Promise.all([1, 2, 3].map(() => openServerDatabase(server.url, 2)));
    await Promise.all(handles.map((h) => h.close()));
    const check = new pg.Client({ connectionString: server.url });
    await check.connect();
    const applied = await check.query(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    const tables = await check.query(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'users'",
    );
    await check.end();
    const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql'));
    expect(applied.rows[0].n).toBe(files.length);
    expect(tables.rows[0].n).toBe(1);
  } finally {
    await server.drop();
  }
});

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

async function journal(dir = migrationsDir): Promise<{ entries: JournalEntry[] }> {
  return JSON.parse(await readFile(path.join(dir, 'meta/_journal.json'), 'utf8'));
}

// drizzle's migrator applies only migrations recorded later than the database's latest one, so a
// migration dated before its predecessor is skipped by every database that stopped in between.
test('every migration is dated after the one before it', async () => {
  const { entries } = await journal();
  const outOfOrder = entries.filter((entry, i) => i > 0 && entry.when <= entries[i - 1]!.when);
  expect(outOfOrder.map((entry) => entry.tag)).toEqual([]);
});

/** The migrations folder as a release shipped it: the first `count` migrations, dated as given. */
async function earlierRelease(count: number, when: Record<string, number> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'thankly-migrations-'));
  await cp(migrationsDir, dir, { recursive: true });
  const shipped = await journal(dir);
  shipped.entries = shipped.entries
    .slice(0, count)
    .map((entry) => ({ ...entry, when: when[entry.tag] ?? entry.when }));
  await writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify(shipped));
  return dir;
}

async function migratedBy(url: string, migrationsFolder: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
  } finally {
    await client.end();
  }
}

async function tableExists(url: string, table: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query(
      "SELECT 1 FROM information_schema.tables WHERE table_schema = 'public' AND table_name = $1",
      [table],
    );
    return found.rowCount === 1;
  } finally {
    await client.end();
  }
}

test.each([
  ['stopped at 0029 (before shared previews)', 30, {}],
  // 0030 was first shipped dated 1795864400001, before 0029.
  ['ran 0030 when it was dated before 0029', 31, { '0030_shared_previews': 1795864400001 }],
])('a database that %s upgrades to the current schema', async (_, count, when) => {
  const server = await createPostgresDatabase('thankly_upgrade');
  const release = await earlierRelease(count, when);
  try {
    await migratedBy(server.url, release);
    const handle = await openServerDatabase(server.url, 2);
    await handle.close();
    expect(await tableExists(server.url, 'shared_previews')).toBe(true);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const columns = await client.query(
      "SELECT 1 FROM information_schema.columns WHERE table_name = 'template_versions' AND column_name = 'replaced_draft'",
    );
    await client.end();
    expect(columns.rowCount).toBe(1);
  } finally {
    await rm(release, { recursive: true, force: true });
    await server.drop();
  }
});
