import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, test } from 'vitest';
import { openServerDatabase } from '../../src/db/database.ts';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

test('several processes starting at once on an empty PostgreSQL database migrate it exactly once', async () => {
  const name = `thankly_migrate_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const handles = await Promise.all([1, 2, 3].map(() => openServerDatabase(url.toString(), 2)));
    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    const applied = await check.query(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    const tables = await check.query(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'users'",
    );
    await check.end();
    await Promise.all(handles.map((h) => h.close()));
    expect(applied.rows[0].n).toBeGreaterThanOrEqual(1);
    expect(tables.rows[0].n).toBe(1);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});
