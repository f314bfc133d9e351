// Field schemas shared by the global style and every block type. Each exists once: a block folder
// composes them and never re-declares a colour, padding, radius or width rule.
import { z } from 'zod';
import { MAX_RICH_TEXT_LENGTH, MAX_TEXT_LENGTH, MAX_URL_LENGTH } from './limits.ts';
import { DESIGN_RANGES, type NumberRange } from './ranges.ts';

/** A bounded number with messages that name the bound (the editor shows them next to the field). */
export function numberInRange({ min, max }: NumberRange, options: { integer?: boolean } = {}) {
  const base = z.number({ error: 'Expected a number' });
  const checked = options.integer ? base.int({ error: 'Expected a whole number' }) : base;
  return checked
    .min(min, { error: `Number must be at least ${min}` })
    .max(max, { error: `Number must be at most ${max}` });
}

export function textSchema(maxLength = MAX_TEXT_LENGTH) {
  return z
    .string({ error: 'Expected text' })
    .max(maxLength, { error: `Text must be at most ${maxLength} characters` });
}

/** Rich-text HTML, already passed through sanitizeRichText when the design was saved. */
export const richTextSchema = textSchema(MAX_RICH_TEXT_LENGTH);

/** Any URL-ish string; the renderer drops unsafe schemes (see safeUrl), so old designs still load. */
export const urlSchema = textSchema(MAX_URL_LENGTH);

// Colours end up inside style attributes, so only plain colour syntax passes: no `;`, no url().
// An empty string means "none" (transparent background, inherited text colour).
const COLOR_PATTERN =
  /^(|transparent|#[0-9a-fA-F]{3,4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+|\d{1,3}%)\s*)?\))$/;
export const colorSchema = z
  .string({ error: 'Expected a colour' })
  .regex(COLOR_PATTERN, { error: 'Expected a colour like #4f46e5 or rgb(79, 70, 229)' });

// Font stacks also land in style attributes: names, commas, quotes, spaces and hyphens only.
const FONT_FAMILY_PATTERN = /^[A-Za-z0-9 ,'"-]{1,200}$/;
export const fontFamilySchema = z
  .string({ error: 'Expected a font family' })
  .regex(FONT_FAMILY_PATTERN, { error: 'Expected a font family like Inter, Arial, sans-serif' });

export const fontWeightSchema = z.enum([
  'normal',
  'bold',
  '100',
  '200',
  '300',
  '400',
  '500',
  '600',
  '700',
  '800',
  '900',
]);

export const alignSchema = z.enum(['left', 'center', 'right']);

/** Pixel lengths used for padding, gutters and radii. */
export const pixelSchema = numberInRange(DESIGN_RANGES.padding, { integer: true });

/** Rendered block width in percent of its container: 1-100 (the editor narrows this to 5-100). */
export const blockWidthSchema = numberInRange(DESIGN_RANGES.blockWidth);

/** Block width while editing: the width slider and drag handle never go below 5%. */
export const editableBlockWidthSchema = numberInRange(DESIGN_RANGES.editableBlockWidth);

export type Padding = { top: number; right: number; bottom: number; left: number };

export function paddingSchema(defaultPx: number) {
  return z
    .object({
      top: pixelSchema.default(defaultPx),
      right: pixelSchema.default(defaultPx),
      bottom: pixelSchema.default(defaultPx),
      left: pixelSchema.default(defaultPx),
    })
    .prefault({});
}

export const radiiSchema = z
  .object({
    topLeft: pixelSchema.default(0),
    topRight: pixelSchema.default(0),
    bottomRight: pixelSchema.default(0),
    bottomLeft: pixelSchema.default(0),
  })
  .prefault({});

/** Block ids are chosen by the editor; they never reach the HTML but must be stable and compact. */
export const blockIdSchema = z
  .string({ error: 'Expected a block id' })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'Block ids are 1-64 letters, digits, - or _' });
