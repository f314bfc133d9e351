import { createHash, randomBytes } from 'node:crypto';
import { cpSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import type { AppConfig } from '../../src/app-config.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(serverRoot, '../..');
const templatesDir = path.join(repoRoot, '.tmp', 'pglite-templates');

/** Which engine this test run uses: the embedded default, or the server in TEST_DATABASE_URL. */
export const testEngine: 'pglite' | 'postgres' =
  process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const migrations = path.join(serverRoot, 'src/infrastructure/db/migrations');
  for (const file of (await readdir(migrations, { recursive: true })).sort()) {
    if (file.endsWith('.sql')) hash.update(await readFile(path.join(migrations, file)));
  }
  const require = createRequire(import.meta.url);
  hash.update(String((require('pg-boss/package.json') as { version: string }).version));
  // What the template holds besides the migrations: bump when that changes (2: no DKIM key row).
  hash.update('template contents 2');
  return hash.digest('hex').slice(0, 16);
}

/**
 * Migrates a template database by starting the app on it once. What the start made under the
 * template's own APP_SECRET (Thankly's generated DKIM key) is removed again: each test app has a
 * secret of its own and makes its own key, as a new installation does.
 */
async function migrateTemplate(overrides: Partial<AppConfig>): Promise<void> {
  // Loaded only when a template is made: the browser tests' workers import this module to copy a
  // template the server tests already made, and need none of the server's code themselves.
  const [{ loadConfig }, { startRuntime }, { platformDkimKeys }] = await Promise.all([
    import('../../src/app-config.ts'),
    import('../../src/runtime.ts'),
    import('../../src/infrastructure/db/schema.ts'),
  ]);
  const config = { ...loadConfig({ NODE_ENV: 'test' }), ...overrides };
  const runtime = await startRuntime({ ...config, role: 'api' }, { logger: false });
  try {
    await runtime.ctx.db.delete(platformDkimKeys);
  } finally {
    await runtime.stop();
  }
}

/**
 * A new data directory in the temporary folder (its name starting `prefix`) holding a copy of the
 * embedded database's template, ready mark left out. The copy is synchronous on purpose: Node 20's
 * promise-based cp spent 0.6 CPU-s in JavaScript on the template's 1,300 files where cpSync spends
 * 0.14.
 */
export async function dataDirFromTemplate(prefix: string): Promise<string> {
  const template = await ensurePgliteTemplate();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  cpSync(template, dataDir, {
    recursive: true,
    filter: (source) => !source.endsWith(`${path.sep}ready`),
  });
  return dataDir;
}

/**
 * A migrated embedded database, made once per schema version and copied for each test: a new
 * PGlite directory takes ~11 s to initialise, a copy opens in 1-2 s.
 */
async function ensurePgliteTemplate(): Promise<string> {
  const template = path.join(templatesDir, await templateKey());
  await mkdir(templatesDir, { recursive: true });
  const release = await lockfile.lock(templatesDir, {
    retries: { retries: 120, minTimeout: 500, maxTimeout: 1000 },
    stale: 60_000,
    realpath: false,
  });
  try {
    const ready = await readdir(template).then(
      (files) => files.includes('ready'),
      () => false,
    );
    if (!ready) {
      await rm(template, { recursive: true, force: true });
      await migrateTemplate({ dataDir: template });
      await rm(path.join(template, 'app-secret'), { force: true });
      await mkdir(path.join(template, 'ready'));
    }
    return template;
  } finally {
    await release();
  }
}

export interface TestDatabase {
  /** The DATA_DIR to give the app (it also holds the app secret on both engines). */
  dataDir: string;
  /** Set on the PostgreSQL server engine. */
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

/** A fresh, migrated database of the engine under test, private to one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testEngine === 'pglite') {
    const dataDir = await dataDirFromTemplate('thankly-test-');
    return {
      dataDir,
      databaseUrl: undefined,
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'thankly-test-'));
  const server = await createPostgresDatabase('thankly_test', await ensurePostgresTemplate());
  return {
    dataDir,
    databaseUrl: server.url,
    async drop() {
      await server.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function onAdminConnection<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A migrated database on the PostgreSQL server, made once per schema version and copied by
 * CREATE DATABASE … TEMPLATE for each test file, as the embedded engine's template directory is:
 * a copy is a file copy inside the server, where migrating an empty database ran every migration
 * and pg-boss's schema again for each file.
 */
async function ensurePostgresTemplate(): Promise<string> {
  const name = `thankly_template_${await templateKey()}`;
  // An advisory lock on the admin database: workers starting together make the template once.
  return onAdminConnection(async (client) => {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const ready = await client.query(
        "SELECT 1 FROM pg_database WHERE datname = $1 AND shobj_description(oid, 'pg_database') = 'ready'",
        [name],
      );
      if (ready.rowCount === 0) {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.query(`CREATE DATABASE ${name}`);
        const dataDir = await mkdtemp(path.join(os.tmpdir(), 'thankly-template-'));
        try {
          await migrateTemplate({
            dataDir,
            databaseUrl: databaseUrl(name),
          });
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
        await client.query(`COMMENT ON DATABASE ${name} IS 'ready'`);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
    return name;
  });
}

/**
 * A database on the PostgreSQL server under test, empty or a copy of `template`; drop() ends its
 * connections too.
 */
export async function createPostgresDatabase(
  prefix: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = (statement: string) => onAdminConnection((client) => client.query(statement));
  await admin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    url: databaseUrl(name),
    drop: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
