import type { PGlite } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';

/**
 * Lets pg-boss run on embedded PGlite. pg-boss sends two kinds of SQL: parameterised single
 * statements, which need PGlite's extended-protocol `query`, and parameterless multi-statement
 * scripts (schema creation, migrations, maintenance), which `query` rejects and `exec` runs.
 */
export function pgliteExecutor(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await pglite.query(text, values);
        return { rows: result.rows };
      }
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}
