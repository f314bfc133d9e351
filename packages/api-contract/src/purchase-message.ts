// The Etsy purchase message: the shop's `sale_message` and `digital_sale_message`, which Etsy itself
// sends to every buyer who completes a purchase (the digital one for digital items). Thankly writes
// them with Etsy's updateShop. It is the one text an app can get to every Etsy buyer: Etsy shares
// buyers' email addresses with few apps and has no messaging API.
import { z } from 'zod';
import {
  TOKENS,
  type TokenName,
  fillTokens,
  findIncentiveWording,
  findTokens,
  findUnknownTokens,
} from '@thankly/email';
import { calendarDateSchema } from './templates.ts';

/**
 * The longest purchase message Thankly sends to Etsy, counted in characters as buyers get it (tokens
 * filled in). Etsy's API reference gives no maximum for `sale_message` or `digital_sale_message`;
 * this is a cautious bound of our own, so a message Etsy would cut or refuse is caught while the
 * seller is still writing. Etsy's own refusal of a message is still reported as it comes.
 */
export const PURCHASE_MESSAGE_MAX_CHARS = 1000;

/**
 * The tokens that mean the same for every buyer of the shop, which is all a purchase message can
 * hold: Etsy sends the one text to everyone, and Thankly fills it in once, when it saves it.
 */
export const PURCHASE_MESSAGE_TOKENS = [
  'shop-name',
  'shop-url',
  'review-link',
  'coupon-code',
] as const satisfies readonly TokenName[];
export type PurchaseMessageToken = (typeof PURCHASE_MESSAGE_TOKENS)[number];

export type PurchaseMessageTokenValues = Partial<Record<PurchaseMessageToken, string>>;

/** Characters as a buyer counts them (an emoji is one), as Etsy counts a text's length. */
export function purchaseMessageLength(text: string): number {
  return [...text].length;
}

/** The message as Etsy will send it: shop-level tokens filled in, plain text. */
export function renderPurchaseMessage(text: string, values: PurchaseMessageTokenValues): string {
  return fillTokens(text, values, { escape: 'none' });
}

const HTML_TAG = /<\/?[a-z][^>]*>/i;
// Control characters other than tab and line breaks: invisible in an editor, garbled in an email.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * What is wrong with a purchase message as written, in the seller's words, or null. Shared by the
 * server's schema and the web editor, which shows the same words as the seller types.
 */
export function purchaseMessageProblem(text: string): string | null {
  const orderTokens = [
    ...new Set(
      findTokens(text)
        .map((token) => token.name)
        .filter((name) => !(PURCHASE_MESSAGE_TOKENS as readonly string[]).includes(name)),
    ),
  ];
  if (orderTokens.length > 0) {
    const listed = orderTokens.map((name) => `[${name}]`).join(', ');
    return `Etsy sends this message to every buyer, so it can only use details of your shop. Remove ${listed}: ${orderTokens.length === 1 ? 'it changes' : 'they change'} from order to order.`;
  }
  const unknown = findUnknownTokens(text);
  if (unknown.length > 0)
    return `${unknown.join(', ')} isn’t something Thankly can fill in. Use ${PURCHASE_MESSAGE_TOKENS.map((name) => `[${name}]`).join(', ')}, or remove the brackets.`;
  if (HTML_TAG.test(text))
    return 'Etsy shows this message as plain text, so tags like <b> would appear as they are. Remove them.';
  if (CONTROL_CHARACTERS.test(text))
    return 'This message has invisible characters in it. Type it again, or paste it as plain text.';
  const incentive = findIncentiveWording([text]);
  if (incentive)
    return incentive.kind === 'rating'
      ? `Etsy doesn’t allow asking for a particular rating ("${incentive.phrase}"). Ask for an honest review instead.`
      : `Etsy doesn’t allow offering anything for a review ("${incentive.phrase}"). Ask for an honest review, and keep offers apart from it.`;
  return null;
}

export function tooLongMessage(length: number): string {
  return `This message is ${length.toLocaleString('en-US')} characters long as buyers get it; Etsy’s purchase message can be at most ${PURCHASE_MESSAGE_MAX_CHARS.toLocaleString('en-US')}. Shorten it a little.`;
}

/** Labels the seller sees for the tokens a purchase message may hold. */
export const PURCHASE_MESSAGE_TOKEN_LABELS: Record<PurchaseMessageToken, string> = {
  'shop-name': TOKENS['shop-name'].label,
  'shop-url': TOKENS['shop-url'].label,
  'review-link': TOKENS['review-link'].label,
  'coupon-code': TOKENS['coupon-code'].label,
};

const messageText = z
  .string()
  // Tokens may make it longer or shorter once filled in; the filled-in length is checked again
  // when the shop's values are known. This bound keeps a hostile body from costing anything.
  .refine((text) => purchaseMessageLength(text) <= PURCHASE_MESSAGE_MAX_CHARS * 2, {
    error: tooLongMessage(PURCHASE_MESSAGE_MAX_CHARS * 2),
  })
  .superRefine((text, ctx) => {
    const problem = purchaseMessageProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** PUT /api/shops/:id/purchase-message */
export const purchaseMessageInputSchema = z.strictObject({
  message: messageText,
  digitalMessage: messageText,
  /**
   * The seller saw that the message was changed on Etsy and chose to replace Etsy's version with
   * theirs. Without it, a save while Etsy's version differs is refused: never a silent overwrite.
   */
  overwriteEtsyChanges: z.boolean().optional(),
});
export type PurchaseMessageInput = z.infer<typeof purchaseMessageInputSchema>;

const etsyVersionSchema = z.object({ message: z.string(), digitalMessage: z.string() });

export const purchaseMessageSchema = z.object({
  /** What the seller wrote, tokens and all. */
  message: z.string(),
  digitalMessage: z.string(),
  lastPushedAt: z.string().nullable(),
  /** Etsy's current text when it differs from what Thankly last saved there (changed on Etsy). */
  changedOnEtsy: etsyVersionSchema.nullable(),
  /** Why Thankly cannot save to Etsy until the seller reconnects the shop; null when it can. */
  reconnectReason: z.string().nullable(),
  /** What the shop-level tokens come to, for the preview and the character count. */
  tokenValues: z.object({
    'shop-name': z.string().optional(),
    'shop-url': z.string().optional(),
    'review-link': z.string().optional(),
    'coupon-code': z.string().optional(),
  }),
});
export type PurchaseMessage = z.infer<typeof purchaseMessageSchema>;

export const PURCHASE_MESSAGE_TEXTS = {
  changedOnEtsy: 'You changed this message on Etsy: keep Etsy’s version or replace it with yours?',
  conflict:
    'You changed this message on Etsy since Thankly last saved it. Choose whether to keep Etsy’s version or replace it with yours, then save again.',
  reconnect:
    'Your Etsy shop was connected before Thankly could edit your purchase message. Reconnect it with Connect Etsy shop and approve the new permission to edit your shop’s settings; your orders and settings stay as they are.',
  notEtsy: 'Purchase messages are an Etsy feature, and this shop isn’t on Etsy.',
  etsyRefused:
    'Etsy didn’t accept your purchase message, so nothing changed on Etsy. Try again in a few minutes.',
  etsyBusy: 'Etsy asked Thankly to slow down. Try saving again in a minute.',
  budgetSpent:
    'Thankly has used today’s calls to Etsy, so it can’t save your purchase message now. Try again tomorrow.',
  etsyUnavailable: 'Etsy isn’t set up on this Thankly server, so purchase messages can’t be saved.',
  endsBefore: 'The last day comes before the first. Pick a last day on or after the first.',
  noTexts:
    'Write the message buyers get during these dates (for physical items, digital ones, or both).',
  scheduleNotFound: 'That dated message doesn’t exist. It may have been removed.',
  schedulePaid:
    'Dated purchase messages come with the Growth and Business plans, as dated templates do. Upgrade to schedule one.',
  scheduleFull: `A shop can have at most 40 dated messages. Remove one that has ended to add another.`,
  switchHeld:
    'Your purchase message was changed on Etsy, so Thankly hasn’t switched it. Keep Etsy’s version or replace it with yours, and the schedule carries on.',
  switchPending: 'Thankly is switching your purchase message on Etsy now.',
} as const;

// Dated purchase messages: a date range with its own texts (e.g. a holiday message from 1 to 31
// December). Thankly puts them on Etsy when the range starts and the regular message back when it
// ends, at midnight on the seller's own calendar; ranges follow the template schedule's rules.

/** At most this many dated messages per shop: a year of monthly ones, with room to spare. */
export const PURCHASE_MESSAGE_SCHEDULE_MAX = 40;

/** POST /api/shops/:id/purchase-message/schedule, and PUT …/schedule/:entryId */
export const purchaseMessageScheduleInputSchema = z
  .strictObject({
    startDate: calendarDateSchema,
    endDate: calendarDateSchema,
    /** Either may be empty: buyers then get the regular text of that kind during the range. */
    message: messageText,
    digitalMessage: messageText,
  })
  .superRefine((input, ctx) => {
    if (input.endDate < input.startDate)
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: PURCHASE_MESSAGE_TEXTS.endsBefore,
      });
    if (input.message.trim() === '' && input.digitalMessage.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['message'], message: PURCHASE_MESSAGE_TEXTS.noTexts });
  });
export type PurchaseMessageScheduleInput = z.infer<typeof purchaseMessageScheduleInputSchema>;

export const purchaseMessageScheduleEntrySchema = z.object({
  id: z.string(),
  /** YYYY-MM-DD on the seller's calendar, both days included. */
  startDate: z.string(),
  endDate: z.string(),
  message: z.string(),
  digitalMessage: z.string(),
});
export type PurchaseMessageScheduleEntry = z.infer<typeof purchaseMessageScheduleEntrySchema>;

export const purchaseMessageScheduleSchema = z.object({
  /** Earliest first. */
  entries: z.array(purchaseMessageScheduleEntrySchema),
  /** The seller's time zone: every range starts and ends at midnight in it. */
  timeZone: z.string(),
  /** Dated messages come with the paid plans, as dated templates do. */
  available: z.boolean(),
  /**
   * Whose texts Etsy has from Thankly now: a dated message's id, or null for the regular message.
   * `dueEntryId` is whose it should be by the schedule; they differ while a switch waits.
   */
  liveEntryId: z.string().nullable(),
  dueEntryId: z.string().nullable(),
  /** The schedule's next switch: when (an instant, and its date on the seller's calendar) and to what. */
  nextSwitch: z
    .object({ at: z.string(), date: z.string(), entryId: z.string().nullable() })
    .nullable(),
  /** Why the switch that is due has not happened yet, in the seller's words; null when none waits. */
  waiting: z.object({ reason: z.string(), retryAt: z.string().nullable() }).nullable(),
});
export type PurchaseMessageSchedule = z.infer<typeof purchaseMessageScheduleSchema>;
