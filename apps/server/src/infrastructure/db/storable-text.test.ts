import { expect, test } from 'vitest';
import { parseStorableJson, storableDeep, storableText } from './storable-text.ts';

test('half of a surrogate pair becomes the replacement character; whole pairs are kept', () => {
  expect(storableText('Zoe Smith \ud83d')).toBe('Zoe Smith \ufffd');
  expect(storableText('\ude00 trailing half')).toBe('\ufffd trailing half');
  expect(storableText('Zoe 😀 Smith')).toBe('Zoe 😀 Smith');
  expect(storableText('Nul\u0000Buyer')).toBe('NulBuyer');
});

test('every string inside an order is made storable, keys included', () => {
  const order = { buyerName: 'A\ud83d', productTitles: ['Mug \udc00'], total: { amount: 5 } };
  expect(storableDeep(order)).toEqual({
    buyerName: 'A\ufffd',
    productTitles: ['Mug \ufffd'],
    total: { amount: 5 },
  });
  expect(JSON.stringify(storableDeep({ 'k\ud800': 1 }))).toBe('{"k\ufffd":1}');
});

test('a reply whose JSON escapes a lone surrogate parses to storable text', () => {
  const parsed = parseStorableJson('{"name":"Zoe Smith \\ud83d","n":1}') as { name: string };
  expect(parsed.name).toBe('Zoe Smith \ufffd');
  // What PostgreSQL's jsonb refuses: the escaped half of a pair.
  expect(JSON.stringify(parsed)).not.toMatch(/\\ud83d/i);
});
