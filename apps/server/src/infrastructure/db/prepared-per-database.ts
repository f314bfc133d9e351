import type { Database } from './database.ts';

/**
 * A query built once per database and kept there as a prepared statement: drizzle's query building
 * is a visible share of a hot path's time (a tenth of a sending worker's, a fifth of a webhook's),
 * and PostgreSQL plans a prepared statement once per connection instead of every time.
 */
export function preparedPerDatabase<Prepared>(
  build: (db: Database) => Prepared,
): (db: Database) => Prepared {
  const built = new WeakMap<Database, Prepared>();
  return (db) => {
    let prepared = built.get(db);
    if (!prepared) {
      prepared = build(db);
      built.set(db, prepared);
    }
    return prepared;
  };
}
