// A seller's brand kit: GET/PUT /api/brand. New templates and the starter designs wear it.
import { z } from 'zod';
import { MAX_URL_LENGTH, fontFamilySchema } from '@thankly/email';

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

const BRAND_KEYS = new Set(Object.keys(brandSchema.shape));

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
