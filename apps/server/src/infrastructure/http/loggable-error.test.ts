import { expect, test } from 'vitest';
import { loggableError } from './loggable-error.ts';

test('keeps the statement of a failed query but none of its parameters', () => {
  const failure = new Error(
    'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: ada@example.com,$argon2id$v=19$secret',
  );
  const logged = loggableError(Object.assign(failure, { cause: { code: '23505' } }));
  expect(logged.message).toBe(
    'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)',
  );
  expect(JSON.stringify(logged)).not.toMatch(/argon2|ada@example/);
  expect(logged.code).toBe('23505');
});

test('describes anything thrown', () => {
  expect(loggableError('boom')).toEqual({ type: 'string', message: 'boom' });
});
