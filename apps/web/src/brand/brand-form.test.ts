import { describe, expect, it } from 'vitest';
import {
  BRAND_MESSAGES,
  brandFromForm,
  brandPayload,
  contrastRatio,
  formFromBrand,
  isBrandEmpty,
  validateBrandForm,
  type BrandForm,
} from './brand-form.ts';

const EMPTY: BrandForm = formFromBrand(null);

describe('brand form', () => {
  it('accepts empty fields and #rrggbb colours in either case', () => {
    expect(validateBrandForm(EMPTY)).toEqual({});
    expect(
      validateBrandForm({ ...EMPTY, primaryColor: '#AB12cd', textColor: ' #000000 ' }),
    ).toEqual({});
  });

  it('names each colour that is not # and six hex digits', () => {
    const errors = validateBrandForm({
      ...EMPTY,
      primaryColor: '#fff',
      backgroundColor: 'red',
      textColor: '#12345g',
    });
    expect(errors).toEqual({
      primaryColor: BRAND_MESSAGES.color,
      backgroundColor: BRAND_MESSAGES.color,
      textColor: BRAND_MESSAGES.color,
    });
  });

  it('refuses a logo that is not a web address and a sign-off over 200 characters', () => {
    const errors = validateBrandForm({
      ...EMPTY,
      logoUrl: 'javascript:alert(1)',
      signOff: 'x'.repeat(201),
    });
    expect(errors.logoUrl).toMatch(/https:\/\//);
    expect(errors.signOff).toMatch(/200 characters/);
    expect(validateBrandForm({ ...EMPTY, logoUrl: 'https://shop.example/logo.png' })).toEqual({});
  });

  it('sends only what changed, a cleared field as null and colours in lower case', () => {
    const saved = formFromBrand({
      logoUrl: 'https://shop.example/logo.png',
      primaryColor: '#111111',
      backgroundColor: null,
      textColor: null,
      fontFamily: null,
      signOff: 'Love, Maria',
    });
    expect(brandPayload(saved, saved)).toEqual({});
    expect(
      brandPayload(
        { ...saved, primaryColor: '#ABCDEF', logoUrl: '', signOff: ' Love, Maria ' },
        saved,
      ),
    ).toEqual({ primaryColor: '#abcdef', logoUrl: null });
  });

  it('previews only whole colours and web addresses', () => {
    expect(
      brandFromForm({ ...EMPTY, primaryColor: '#12', textColor: '#ABCDEF', logoUrl: 'logo.png' }),
    ).toEqual({ ...formNulls(), textColor: '#abcdef' });
  });

  it('knows an empty brand', () => {
    expect(isBrandEmpty(null)).toBe(true);
    expect(isBrandEmpty(formNulls())).toBe(true);
    expect(isBrandEmpty({ ...formNulls(), signOff: 'Thanks' })).toBe(false);
  });

  it('measures contrast as WCAG 2 does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // slate-500 on white, which design.md keeps above 4.5:1.
    expect(contrastRatio('#64748b', '#ffffff')).toBeGreaterThan(4.5);
    expect(contrastRatio('#999999', '#ffffff')).toBeLessThan(4.5);
  });
});

function formNulls() {
  return {
    logoUrl: null,
    primaryColor: null,
    backgroundColor: null,
    textColor: null,
    fontFamily: null,
    signOff: null,
  };
}
