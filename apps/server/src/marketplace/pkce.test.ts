import { expect, test } from 'vitest';
import { createPkcePair, pkceChallenge } from './pkce.ts';

test("matches Etsy's documented PKCE vector", () => {
  expect(pkceChallenge('vvkdljkejllufrvbhgeiegrnvufrhvrffnkvcknjvfid')).toBe(
    'DSWlW2Abh-cf8CeLL8-g3hQ2WQyYdKyiu83u_s7nRhI',
  );
});

test('makes verifiers Etsy accepts', () => {
  const { verifier, challenge } = createPkcePair();
  expect(verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
  expect(challenge).toBe(pkceChallenge(verifier));
});
