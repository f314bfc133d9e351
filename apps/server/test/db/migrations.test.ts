import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { expect, test } from 'vitest';
import { openServerDatabase } from '../../src/db/database.ts';
import { createPostgresDatabase } from '../support/test-databases.ts';

const migrationsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../src/db/migrations',
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
