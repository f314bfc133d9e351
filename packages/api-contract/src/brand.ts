// A seller's brand kit: GET/PUT /api/brand. New templates and the starter designs wear it.
import { z } from 'zod';
import { EMPTY_BRAND as EMPTY_BRAND_KIT, MAX_URL_LENGTH, fontFamilySchema } from '@thankly/email';

const hexColor = z
  .string({ error: 'Expected a colour' })
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Expected a colour like #4f46e5' })
  .transform((value) => value.toLowerCase());

export const BRAND_SIGN_OFF_MAX = 200;

/** Every field is optional; null (or an empty string) clears it. */
export const brandSchema = z.object({
  logoUrl: z
    .union([
      z
        .url({ protocol: /^https?$/, error: 'Expected a web address starting with https://' })
        .max(MAX_URL_LENGTH, { error: 'That web address is too long' })
        // It lands in an src attribute as it is: no spaces, quotes or angle brackets.
        .regex(/^[^\s"'<>`\\]+$/, { error: 'Expected a web address without spaces or quotes' }),
      z.literal(''),
      z.null(),
    ])
    .optional()
    .transform((v) => v || null),
  primaryColor: z
    .union([hexColor, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  backgroundColor: z
    .union([hexColor, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  textColor: z
    .union([hexColor, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  fontFamily: z
    .union([fontFamilySchema, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  signOff: z
    .union([
      z
        .string()
        .trim()
        .max(
          BRAND_SIGN_OFF_MAX,
          `Please keep the sign-off under ${BRAND_SIGN_OFF_MAX} characters.`,
        ),
      z.null(),
    ])
    .optional()
    .transform((v) => v || null),
});
export type BrandInput = z.input<typeof brandSchema>;
export type Brand = z.output<typeof brandSchema>;
export type BrandField = keyof Brand;

/** The brand kit's fields, in the schema's order: the one list the server and the web app loop over. */
export const BRAND_FIELDS: readonly BrandField[] = Object.freeze(
  Object.keys(brandSchema.shape) as BrandField[],
);

/**
 * A brand with nothing set: every field null. The renderer's own empty brand kit, so the two cannot
 * drift (brand.test.ts checks the schema reads an empty body as exactly this).
 */
export const EMPTY_BRAND: Brand = EMPTY_BRAND_KIT;

/** GET /api/brand and the 200 answer of PUT /api/brand. */
export const brandResponseSchema = z.object({ brand: brandSchema });

/** One starter design of GET /api/templates/gallery, already wearing the seller's brand. */
export const galleryDesignSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  description: z.string(),
  design: z.unknown(),
});
export type GalleryDesign = z.output<typeof galleryDesignSchema>;
export const galleryResponseSchema = z.object({ designs: z.array(galleryDesignSchema) });

export const BRAND_NOT_AN_OBJECT = 'Expected the brand as an object.';

const BRAND_KEYS = new Set<string>(BRAND_FIELDS);

/**
 * The body of PUT /api/brand: an omitted field keeps its stored value, so a field name we do not
 * know (a typo, a renamed field) is refused rather than silently dropped.
 */
export const brandUpdateSchema = z
  .unknown()
  .check((ctx) => {
    const body = ctx.value;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      ctx.issues.push({ code: 'custom', input: body, message: BRAND_NOT_AN_OBJECT });
      return;
    }
    const unknown = Object.keys(body).find((key) => !BRAND_KEYS.has(key));
    if (unknown !== undefined) {
      ctx.issues.push({
        code: 'custom',
        input: body,
        message: `Unknown brand field: ${unknown.slice(0, 40)}.`,
      });
    }
  })
  .pipe(brandSchema) as unknown as z.ZodType<Brand, BrandInput>;

/**
 * GET /api/brand/restyle: how many of the seller's templates the brand would change now, for the
 * offer after a brand save ("Restyle your N templates with the new brand?").
 */
export const restyleOfferSchema = z.object({ templates: z.number().int().min(0) });
export type RestyleOffer = z.output<typeof restyleOfferSchema>;

/**
 * POST /api/brand/restyle: every template wears the brand (what the seller set by hand kept), in
 * one step. `restyleId` names the step for its undo; null when no template changed.
 */
export const restyleResultSchema = z.object({
  restyled: z.number().int().min(0),
  restyleId: z.uuid().nullable(),
});
export type RestyleResult = z.output<typeof restyleResultSchema>;

/**
 * POST /api/brand/restyle/:id/undo: the templates as they were before the restyle. A template the
 * seller saved again since is `kept` with their newer changes, never overwritten.
 */
export const restyleUndoResultSchema = z.object({
  restored: z.number().int().min(0),
  kept: z.number().int().min(0),
});
export type RestyleUndoResult = z.output<typeof restyleUndoResultSchema>;

const templatesWord = (count: number) => (count === 1 ? 'template' : 'templates');

/** What the Brand page says about restyling saved templates (docs/tone.md). */
export const RESTYLE_MESSAGES = {
  offer: (count: number) =>
    count === 1
      ? 'Restyle your template with the new brand?'
      : `Restyle your ${count} templates with the new brand?`,
  offerDetail:
    'Buttons, lines, words and logo that follow your brand take the new look. Anything you styled by hand stays as it is, and you can undo it.',
  accept: (count: number) => `Restyle ${count} ${templatesWord(count)}`,
  decline: 'Not now',
  done: (count: number) => `${count} ${templatesWord(count)} restyled with your brand.`,
  undo: 'Undo',
  undone: 'Your templates are back as they were.',
  undoneKept: (restored: number, kept: number) =>
    `${restored} ${templatesWord(restored)} back as they were. ${kept} you saved since ${kept === 1 ? 'keeps its' : 'keep their'} newer changes.`,
  failed: 'Your templates weren’t restyled. Try again in a moment.',
  undoFailed: 'Your templates couldn’t be put back. Try Undo again in a moment.',
  notFound: 'This restyle can no longer be undone.',
} as const;
