// Shared read-only previews (issue 38 point 3; docs/decisions/022-shared-previews.md): a link a
// seller hands to a partner or a print shop, who sees the published template rendered with sample
// order details, on desktop and phone widths, with no account.
import { z } from 'zod';

/** How long a link may work: a day for a quick look, a week by default, a month at most. */
export const SHARE_EXPIRY_DAYS = [1, 7, 14, 30] as const;
export type ShareExpiryDays = (typeof SHARE_EXPIRY_DAYS)[number];
export const DEFAULT_SHARE_EXPIRY_DAYS: ShareExpiryDays = 7;

/** Enough for every partner of a shop; a list longer than this is links nobody revoked. */
export const MAX_ACTIVE_SHARES_PER_TEMPLATE = 10;
export const SHARE_LABEL_MAX = 60;

/** Where a shared link points, under the app's address: `/preview/<token>`. */
export const SHARED_PREVIEW_PATH = '/preview';

export const SHARED_PREVIEW_MESSAGES = {
  notFound: 'Shared link not found.',
  expiry: `Choose how long the link works: ${SHARE_EXPIRY_DAYS.join(', ')} days.`,
  labelTooLong: `Please keep the name under ${SHARE_LABEL_MAX} characters.`,
  labelControl: 'The name can only hold letters, numbers, spaces and punctuation.',
  tooMany: `This template already has ${MAX_ACTIVE_SHARES_PER_TEMPLATE} links that work: revoke one before making another.`,
} as const;

export const sharedPreviewInputSchema = z.strictObject({
  expiresInDays: z
    .number({ error: SHARED_PREVIEW_MESSAGES.expiry })
    .refine(
      (days): days is ShareExpiryDays => (SHARE_EXPIRY_DAYS as readonly number[]).includes(days),
      {
        error: SHARED_PREVIEW_MESSAGES.expiry,
      },
    )
    .default(DEFAULT_SHARE_EXPIRY_DAYS),
  /** Whom the link is for ("Print shop"), so the seller can tell links apart; only they see it. */
  label: z
    .string({ error: SHARED_PREVIEW_MESSAGES.labelTooLong })
    .trim()
    .max(SHARE_LABEL_MAX, SHARED_PREVIEW_MESSAGES.labelTooLong)
    // Control and bidirectional-override characters would make the list lie about a link.
    .refine((label) => !/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(label), {
      error: SHARED_PREVIEW_MESSAGES.labelControl,
    })
    .default(''),
});
export type SharedPreviewInput = z.input<typeof sharedPreviewInputSchema>;

/** A link as the seller's list shows it. Its address is shown once, when it is made. */
export const sharedPreviewSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type SharedPreview = z.infer<typeof sharedPreviewSchema>;

export const sharedPreviewListSchema = z.object({ shares: z.array(sharedPreviewSchema) });
export type SharedPreviewList = z.infer<typeof sharedPreviewListSchema>;

/** The new link with its address: Thankly keeps only a hash of the token, so this is the one time. */
export const sharedPreviewCreatedSchema = z.object({
  share: sharedPreviewSchema,
  url: z.string(),
});
export type SharedPreviewCreated = z.infer<typeof sharedPreviewCreatedSchema>;

export const sharedPreviewParamsSchema = z.object({ id: z.uuid(), shareId: z.uuid() });
