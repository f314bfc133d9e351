import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { serverRoot } from '../config/server-root.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** The embedded engine, for adapters (the job queue) that talk to it directly. */
  pglite?: PGlite;
  connectionString?: string;
  close(): Promise<void>;
}

const migrationsFolder = path.join(serverRoot, 'src', 'infrastructure', 'db', 'migrations');

/** Arbitrary constant: every Thankly process agrees on it, so migrations run one at a time. */
const MIGRATION_LOCK_ID = 7_342_001;

export async function openEmbeddedDatabase(directory: string): Promise<DatabaseHandle> {
  // Loaded here, not at the top: a process on a PostgreSQL server never needs the embedded engine
  // (tens of megabytes of WebAssembly and its runtime).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const pglite = await PGlite.create({ dataDir: directory });
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  return { db, engine: 'pglite', pglite, close: () => pglite.close() };
}

export async function openServerDatabase(
  connectionString: string,
  poolSize = 10,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries still report their own errors.
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  // Several processes may start at once: an advisory lock lets one migrate while the rest wait.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(db as never, { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  return { db, engine: 'postgres', connectionString, close: () => pool.end() };
}

/** The rows of a raw SQL query: both drivers answer raw SQL with a result that carries `rows`. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}

/** Postgres error code of a failed query; drizzle wraps driver errors in `cause`. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
