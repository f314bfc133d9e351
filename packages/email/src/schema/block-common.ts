// The fields every block has (spec section 3, "Block (common)"). A block type may change a default,
// e.g. a divider's colour is its line colour and a spacer has no padding.
import { z } from 'zod';
import {
  alignSchema,
  blockIdSchema,
  blockWidthSchema,
  colorSchema,
  fontFamilySchema,
  fontWeightSchema,
  paddingSchema,
  radiiSchema,
} from './fields.ts';

/**
 * The style fields the brand kit fills on a block (button and divider colours, the words' colour
 * and font, the logo's picture, the sign-off's words). A block names the ones the seller chose by
 * hand in `ownStyle`; the brand leaves those alone.
 */
export const BRAND_STYLE_FIELDS = [
  'buttonColor',
  'textColor',
  'color',
  'fontFamily',
  'src',
  'html',
] as const;
export type BrandStyleField = (typeof BRAND_STYLE_FIELDS)[number];
export const ownStyleSchema = z.array(z.enum(BRAND_STYLE_FIELDS)).max(BRAND_STYLE_FIELDS.length);

export interface CommonDefaults {
  padding: number;
  align: z.infer<typeof alignSchema>;
  color: string;
  fontWeight: z.infer<typeof fontWeightSchema>;
}

const BASE_DEFAULTS: CommonDefaults = {
  padding: 16,
  align: 'left',
  color: '',
  fontWeight: 'normal',
};

export function commonBlockFields<const TType extends string>(
  type: TType,
  overrides: Partial<CommonDefaults> = {},
) {
  const defaults = { ...BASE_DEFAULTS, ...overrides };
  return {
    id: blockIdSchema,
    type: z.literal(type),
    widthPct: blockWidthSchema.default(100),
    background: colorSchema.default(''),
    padding: paddingSchema(defaults.padding),
    radii: radiiSchema,
    align: alignSchema.default(defaults.align),
    color: colorSchema.default(defaults.color),
    fontFamily: z.union([z.literal('inherit'), fontFamilySchema]).default('inherit'),
    fontWeight: fontWeightSchema.default(defaults.fontWeight),
    // Left off the printed card; the email shows it all the same. No default, so designs saved
    // before printed cards existed, and every block nobody ticked, stay byte for byte as they were.
    hideOnCard: z.boolean().optional(),
    // Where else the block shows ("show in: email / card / message"), by the same rule: no default,
    // so every saved design stays as it was and a block shows everywhere until the seller says not.
    hideInEmail: z.boolean().optional(),
    hideInMessage: z.boolean().optional(),
    // The brand-following fields the seller set by hand (see BRAND_STYLE_FIELDS). No default, by
    // the same rule as hideOnCard: a block nobody styled by hand carries none.
    ownStyle: ownStyleSchema.optional(),
  };
}

/** The common fields as the renderer sees them, whatever the block type. */
export interface CommonBlock {
  id: string;
  type: string;
  widthPct: number;
  background: string;
  padding: { top: number; right: number; bottom: number; left: number };
  radii: { topLeft: number; topRight: number; bottomRight: number; bottomLeft: number };
  align: z.infer<typeof alignSchema>;
  color: string;
  fontFamily: string;
  fontWeight: z.infer<typeof fontWeightSchema>;
  /** Left off the printed card; the email ignores it. */
  hideOnCard?: boolean;
  /** Left out of the email (shown on the card or in the message only). */
  hideInEmail?: boolean;
  /** Left out of the marketplace message. */
  hideInMessage?: boolean;
  /** Brand-following fields the seller set by hand: the brand kit leaves them as they are. */
  ownStyle?: BrandStyleField[];
}
