import { expect, test } from 'vitest';
import { PASSWORD_RULES, strongPasswordSchema } from './passwords.ts';

const failing = (password: string) =>
  PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.message);

test('each rule catches its own gap', () => {
  expect(failing('Abcdefg1')).toEqual([]);
  expect(failing('Abc1')).toEqual(['At least 8 characters.']);
  expect(failing('abcdefg1')).toEqual(['One uppercase letter.']);
  expect(failing('ABCDEFG1')).toEqual(['One lowercase letter.']);
  expect(failing('Abcdefgh')).toEqual(['One number.']);
  expect(failing('')).toHaveLength(4);
});

test('the schema reports the first broken rule', () => {
  const result = strongPasswordSchema.safeParse('abc');
  expect(result.success).toBe(false);
  expect(result.error!.issues.map((i) => i.message)).toEqual([
    'At least 8 characters.',
    'One uppercase letter.',
    'One number.',
  ]);
});
