import { createWorkerPool } from '../infrastructure/threads/worker-pool.ts';

// OWASP's argon2id baseline: 19 MiB, two passes, one lane (~16 ms a hash on this hardware).
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type PasswordTask =
  | { kind: 'hash'; password: string; options: typeof ARGON2_OPTIONS }
  | { kind: 'verify'; hash: string; password: string };

/**
 * Sign-in keeps capacity of its own: two threads that only hash passwords. On libuv's four shared
 * threads, ten image uploads being decoded once made a login wait minutes.
 */
const PASSWORD_THREADS = 2;
const pool = createWorkerPool<PasswordTask, string | boolean>(
  'auth/password-worker',
  PASSWORD_THREADS,
);

export async function hashPassword(password: string): Promise<string> {
  return (await pool.run({ kind: 'hash', password, options: ARGON2_OPTIONS })) as string;
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return (await pool.run({ kind: 'verify', hash: passwordHash, password })) === true;
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so a login for an unknown email is not told apart. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}
