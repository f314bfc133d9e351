import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `Another Thankly process is already using the data directory ${dataDir}. ` +
        'Only one process may open the embedded database (two would silently lose data). ' +
        'Stop the other process, or point DATA_DIR elsewhere. If it just crashed, try again in a few seconds.',
    );
  }
}

/**
 * Takes an exclusive lock on DATA_DIR for the life of the process. PGlite has no locking of its
 * own, and two processes writing one directory corrupt it without an error.
 */
export async function lockDataDir(
  dataDir: string,
  onLost: (error: Error) => void,
): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'process.lock'),
      // A crashed holder stops refreshing the lock; after this long another process may take over.
      stale: 10_000,
      update: 4_000,
      retries: 0,
      realpath: false,
      onCompromised: onLost,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}
