// The canvas-wide settings of a design (spec section 3, "Design global settings").
import { z } from 'zod';
import { colorSchema, fontFamilySchema, numberInRange, urlSchema } from './fields.ts';
import { DESIGN_RANGES } from './ranges.ts';

/** The design-wide settings the brand kit fills (its background, text colour and font, the border). */
export const BRAND_GLOBAL_FIELDS = [
  'backdropColor',
  'textColor',
  'fontFamily',
  'canvasBorderColor',
] as const;
export type BrandGlobalField = (typeof BRAND_GLOBAL_FIELDS)[number];

export const DEFAULT_FONT_STACK = 'Inter, Roboto, Helvetica, Arial, sans-serif';

// Gradient directions end up in CSS, so only the keyword and angle forms pass.
const gradientDirectionSchema = z
  .string()
  .regex(/^(to (top|bottom|left|right)( (left|right))?|-?\d{1,3}deg)$/, {
    error: 'Expected a direction like "to bottom" or "135deg"',
  });

export const globalStyleSchema = z
  .object({
    backdropColor: colorSchema.default('#ffffff'),
    backdropImage: urlSchema.default(''),
    enableBackdropImage: z.boolean().default(false),
    canvasColor: colorSchema.default('#ffffff'),
    canvasBorderColor: colorSchema.default('#ffffff'),
    canvasBorderSwitch: z.boolean().default(false),
    /** Optional canvas gradient; both colours must be set for it to show. */
    canvasGradientc1: colorSchema.default(''),
    canvasGradientc2: colorSchema.default(''),
    canvasGradientDir: gradientDirectionSchema.default('to bottom'),
    /** Editor preview only: how much of the preview width the backdrop spans, in percent. */
    backdropMaxWidth: numberInRange(DESIGN_RANGES.backdropMaxWidth).default(80),
    canvasYMargin: numberInRange(DESIGN_RANGES.canvasYMargin, { integer: true }).default(40),
    canvasRadius: numberInRange(DESIGN_RANGES.canvasRadius, { integer: true }).default(0),
    fontFamily: fontFamilySchema.default(DEFAULT_FONT_STACK),
    textColor: colorSchema.default('#111111'),
    /** The brand-following settings the seller set by hand: the brand kit leaves them alone. */
    ownStyle: z.array(z.enum(BRAND_GLOBAL_FIELDS)).max(BRAND_GLOBAL_FIELDS.length).optional(),
  })
  .prefault({});

export type GlobalStyle = z.output<typeof globalStyleSchema>;
export type GlobalStyleInput = z.input<typeof globalStyleSchema>;
