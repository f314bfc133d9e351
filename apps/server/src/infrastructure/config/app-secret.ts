import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './env.ts';

const SECRET_FILE = 'app-secret';

/** The configuration a process runs with: APP_SECRET's value, or the one made and kept for it. */
export type ResolvedConfig = Config & { appSecret: string };

/** Every secret that may have sealed or signed something still around: the current one first. */
export function appSecretKeys(config: {
  appSecret: string;
  previousAppSecrets: readonly string[];
}): readonly string[] {
  return [config.appSecret, ...config.previousAppSecrets];
}

/**
 * The key for signing and encrypting. An operator sets APP_SECRET; without one, a random secret is
 * made once and kept in DATA_DIR so sessions and encrypted tokens survive restarts.
 */
export async function resolveAppSecret(
  configured: string | undefined,
  dataDir: string,
): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  // 'wx' fails if another process wrote it first; then theirs wins and we read it back.
  try {
    await writeFile(file, secret + '\n', { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}
