import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/database.ts';

/** The pgboss schema version the installed pg-boss creates and migrates to. */
export const supportedJobSchema = (
  createRequire(import.meta.url)('pg-boss/version.json') as { schema: number }
).schema;

/**
 * pg-boss only migrates forward. On job tables left by a newer pg-boss (Thankly ran pg-boss 12
 * before holding it at 10, the last release that supports Node 20) it starts without complaint
 * and then fails on the first job with a missing-column error, so mail would silently stop.
 */
export async function assertJobSchemaSupported(db: Database): Promise<void> {
  const present = await queryRows<{ present: boolean }>(
    db,
    sql`SELECT to_regclass('pgboss.version') IS NOT NULL AS present`,
  );
  if (!present[0]?.present) return;
  const found = await queryRows<{ version: number | string }>(
    db,
    sql`SELECT version FROM pgboss.version`,
  );
  const version = Number(found[0]?.version);
  if (version > supportedJobSchema) {
    throw new Error(
      `The job queue tables (schema "pgboss", version ${version}) were written by a newer ` +
        `pg-boss than this release runs (version ${supportedJobSchema}). Let queued jobs finish ` +
        `with the newer release, or accept losing them, then run DROP SCHEMA pgboss CASCADE and ` +
        `start again: the tables are recreated.`,
    );
  }
}
