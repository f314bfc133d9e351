import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  POSTGRES_EVERY_RUN,
  POSTGRES_IN_TURN,
  postgresApiFiles,
} from '../support/postgres-test-files.ts';

const testRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DAY = 86_400_000;

async function apiTestFiles(): Promise<string[]> {
  const files = await readdir(testRoot, { recursive: true });
  return files
    .filter((file) => file.endsWith('.api.test.ts'))
    .map((file) =>
      file
        .split(path.sep)
        .join('/')
        .replace(/\.api\.test\.ts$/, ''),
    )
    .sort();
}

describe('which API test files run on PostgreSQL', () => {
  it('names every API test file in exactly one list, and no file that does not exist', async () => {
    const named = [...POSTGRES_EVERY_RUN, ...POSTGRES_IN_TURN];
    expect(new Set(named).size).toBe(named.length);
    expect([...named].sort()).toEqual(await apiTestFiles());
  });

  it('runs the engine-sensitive files every day and every other file within four days', () => {
    const days = [0, 1, 2, 3].map((offset) => postgresApiFiles(20_000 * DAY + offset * DAY));
    for (const files of days) {
      for (const name of POSTGRES_EVERY_RUN) expect(files).toContain(`test/${name}.api.test.ts`);
    }
    const covered = new Set(days.flat());
    for (const name of POSTGRES_IN_TURN) expect(covered).toContain(`test/${name}.api.test.ts`);
    expect(days[0]).not.toEqual(days[1]);
  });
});
