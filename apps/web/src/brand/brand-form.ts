// The Brand page's form as plain data: what the fields hold, what is wrong with them, and what a
// save sends. No React, so the rules are tested on their own.
import {
  BRAND_FIELDS,
  EMPTY_BRAND,
  brandSchema,
  type Brand,
  type BrandField,
  type BrandInput,
} from '@thankly/api-contract';

export { contrastRatio } from '@thankly/email';

export const COLOR_FIELDS = ['primaryColor', 'backgroundColor', 'textColor'] as const;
export type ColorField = (typeof COLOR_FIELDS)[number];

/** What the inputs hold; an empty string is a field the seller has not set. */
export type BrandForm = Record<BrandField, string>;
export type BrandErrors = Partial<Record<BrandField, string>>;

export const BRAND_MESSAGES = {
  color: 'Enter a colour as # and six hex digits, like #4f46e5.',
  saved: 'Brand saved. New templates and starter designs use it.',
  saveFailed: 'Your brand could not be saved. Try again.',
  loadFailed: 'Your brand could not be loaded.',
  fixErrors: 'Fix the fields marked in red, then save.',
} as const;

/** Minimum contrast for body text (WCAG 2 AA). */
export const MIN_TEXT_CONTRAST = 4.5;

const HEX = /^#[0-9a-f]{6}$/i;

export function isHexColor(value: string): boolean {
  return HEX.test(value);
}

export function formFromBrand(brand: Brand | null | undefined): BrandForm {
  const b = brand ?? EMPTY_BRAND;
  return Object.fromEntries(BRAND_FIELDS.map((field) => [field, b[field] ?? ''])) as BrandForm;
}

/** True when the seller has set nothing at all: the places that use the brand offer to set it up. */
export function isBrandEmpty(brand: Brand | null | undefined): boolean {
  return !brand || BRAND_FIELDS.every((field) => !brand[field]);
}

/** One message per field that cannot be saved. Colours first by our own words; the rest by the contract. */
export function validateBrandForm(form: BrandForm): BrandErrors {
  const errors: BrandErrors = {};
  for (const field of COLOR_FIELDS) {
    const value = form[field].trim();
    if (value && !isHexColor(value)) errors[field] = BRAND_MESSAGES.color;
  }
  for (const field of ['logoUrl', 'signOff'] as const) {
    const result = brandSchema.shape[field].safeParse(form[field].trim() || null);
    if (!result.success) errors[field] = result.error.issues[0]?.message ?? 'Check this field.';
  }
  return errors;
}

/**
 * What PUT /api/brand gets: only the fields the seller changed since the last save (an omitted
 * field keeps its value on the server), a cleared field as null.
 */
export function brandPayload(form: BrandForm, saved: BrandForm): BrandInput {
  const body: Record<string, string | null> = {};
  for (const field of BRAND_FIELDS) {
    const value = form[field].trim();
    if (value === saved[field].trim()) continue;
    body[field] = value === '' ? null : isHexColor(value) ? value.toLowerCase() : value;
  }
  return body as BrandInput;
}

/** The brand the preview wears: what the form holds now, with half-typed colours left out. */
export function brandFromForm(form: BrandForm): Brand {
  const color = (value: string) => (isHexColor(value.trim()) ? value.trim().toLowerCase() : null);
  const logo = form.logoUrl.trim();
  return {
    logoUrl: /^https?:\/\/\S+$/i.test(logo) ? logo : null,
    primaryColor: color(form.primaryColor),
    backgroundColor: color(form.backgroundColor),
    textColor: color(form.textColor),
    fontFamily: form.fontFamily || null,
    signOff: form.signOff.trim() || null,
  };
}
