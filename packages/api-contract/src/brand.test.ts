import { describe, expect, expectTypeOf, it } from 'vitest';
import { EMPTY_BRAND as EMPTY_BRAND_KIT, type BrandKit } from '@thankly/email';
import { BRAND_FIELDS, EMPTY_BRAND, brandSchema, type Brand } from './brand.ts';

describe('brand fields', () => {
  it('lists every field of the brand schema, in its order', () => {
    expect(BRAND_FIELDS).toEqual([
      'logoUrl',
      'primaryColor',
      'backgroundColor',
      'textColor',
      'fontFamily',
      'signOff',
    ]);
    expect(BRAND_FIELDS).toEqual(Object.keys(brandSchema.shape));
  });

  it('reads the empty brand as every field null, and cannot be changed', () => {
    expect(EMPTY_BRAND).toEqual(Object.fromEntries(BRAND_FIELDS.map((field) => [field, null])));
    expect(brandSchema.parse({})).toEqual(EMPTY_BRAND);
    expect(Object.isFrozen(EMPTY_BRAND)).toBe(true);
    expect(Object.isFrozen(BRAND_FIELDS)).toBe(true);
  });

  // The renderer (packages/email) cannot import the contract, so its brand kit is its own type:
  // a brand read from the API must be one it can wear as it is.
  it('is the same shape as the brand kit the renderer wears', () => {
    expectTypeOf<Brand>().toEqualTypeOf<BrandKit>();
    expect(EMPTY_BRAND).toBe(EMPTY_BRAND_KIT);
  });
});
