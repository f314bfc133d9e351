import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type DatabaseHandle,
  openEmbeddedDatabase,
  openServerDatabase,
} from '../../apps/server/src/infrastructure/db/database.ts';
import { createPostgresDatabase } from '../../apps/server/test/support/test-databases.ts';
import { seedSeller } from '../ingest/seed.ts';

/** A fresh database of one engine with the benchmark seller seeded (ingest/seed.ts). */
export interface SeededEngine {
  engine: 'PostgreSQL' | 'embedded (PGlite)';
  /** What an API process needs to use this database. */
  databaseEnv: Record<string, string>;
  shopId: string;
  /** Open until handOver. */
  handle: DatabaseHandle;
  /**
   * Before a server process starts on it: the embedded database belongs to one process at a time,
   * so this one lets go of it (PostgreSQL's stays open).
   */
  handOver(): Promise<void>;
  /** The database again, once the server process stopped. */
  reopen(): Promise<DatabaseHandle>;
}

/** Runs `measure` on a seeded PostgreSQL database, then drops it. */
export async function onPostgres<T>(
  label: string,
  measure: (seeded: SeededEngine) => Promise<T>,
  { orders }: { orders?: number } = {},
): Promise<T> {
  const database = await createPostgresDatabase(`thankly_bench_${label}_${process.pid}`);
  const handle = await openServerDatabase(database.url, 2);
  try {
    const { shopId } = await seedSeller(handle.db, orders);
    return await measure({
      engine: 'PostgreSQL',
      databaseEnv: { DATABASE_URL: database.url },
      shopId,
      handle,
      handOver: async () => {},
      reopen: async () => handle,
    });
  } finally {
    await handle.close();
    await database.drop();
  }
}

/** Runs `measure` on a seeded embedded database in a directory of its own, then removes it. */
export async function onEmbedded<T>(
  label: string,
  measure: (seeded: SeededEngine) => Promise<T>,
  { orders }: { orders?: number } = {},
): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `thankly-bench-${label}-`));
  const directory = path.join(dataDir, 'pglite');
  let open: DatabaseHandle | null = await openEmbeddedDatabase(directory);
  try {
    const handle = open;
    const { shopId } = await seedSeller(handle.db, orders);
    return await measure({
      engine: 'embedded (PGlite)',
      databaseEnv: { DATA_DIR: dataDir },
      shopId,
      handle,
      handOver: async () => {
        await open?.close();
        open = null;
      },
      reopen: async () => (open ??= await openEmbeddedDatabase(directory)),
    });
  } finally {
    await open?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
