// A thread of its own for argon2: hashing here is synchronous on this thread, so it never waits
// for libuv's shared pool, where image decoding, file access and DNS queue.
import { hashSync, verifySync } from '@node-rs/argon2';
import { serveTasks } from '../infrastructure/threads/serve-tasks.ts';
import type { PasswordTask } from './passwords.ts';

serveTasks((task: PasswordTask): string | boolean => {
  if (task.kind === 'hash') return hashSync(task.password, task.options);
  try {
    return verifySync(task.hash, task.password);
  } catch {
    return false;
  }
});
