// Thank-yous that are not emails: a printed card in the parcel, or a message the seller sends
// through the marketplace's own buyer messaging. For orders whose buyer email the marketplace
// withholds (most of Etsy), or every order of a shop whose seller prefers print.
import { z } from 'zod';
import { MARKETPLACES, type Marketplace } from './marketplaces.ts';

/** How a buyer was thanked. */
export const THANK_CHANNELS = ['email', 'card', 'message'] as const;
export type ThankChannel = (typeof THANK_CHANNELS)[number];

export const THANK_CHANNEL_LABELS: Record<ThankChannel, string> = {
  email: 'Email',
  card: 'Printed card',
  message: 'Marketplace message',
};

/**
 * Every way Thankly knows a buyer was reached, per order, from its own records: the email sent,
 * Etsy's purchase message (live on Etsy when the order was paid, for a buyer whose email Etsy
 * withheld), a printed card (in the parcel once packed), or a message pasted into the marketplace.
 */
export const REACH_CHANNELS = ['email', 'purchase-message', 'card', 'message'] as const;
export type ReachChannel = (typeof REACH_CHANNELS)[number];

export const REACH_CHANNEL_LABELS: Record<ReachChannel, string> = {
  email: 'Email sent',
  'purchase-message': 'Etsy purchase message',
  card: 'Printed card',
  message: 'Pasted message',
};

export interface Reach {
  channel: ReachChannel;
  at: string;
}

/**
 * Why an order waits for a card or a message instead of an email: the marketplace did not share
 * the buyer's address, or the seller chose print for that shop.
 */
export const BY_HAND_REASONS = ['no-buyer-email', 'print-preferred'] as const;
export type ByHandReason = (typeof BY_HAND_REASONS)[number];

/** A shop's choice: email whenever the marketplace shares the address, or never email (print). */
export const THANK_BY = ['email', 'print'] as const;
export type ThankBy = (typeof THANK_BY)[number];

/** PUT /api/shops/:id/preferences -> Shop */
export const shopPreferencesSchema = z.object({
  thankBy: z.enum(THANK_BY, { error: 'Choose email or printed cards.' }),
});
export type ShopPreferences = z.output<typeof shopPreferencesSchema>;

export const SHOP_ADDRESS_MESSAGES = {
  notWebAddress:
    'Enter your shop’s web address as it appears in your browser, starting with https:// (for example https://www.etsy.com/shop/YourShop).',
  tooLong: 'That web address is too long. Please use your shop’s main address.',
} as const;

/** A shop's web address: where "Visit the shop" leads. https only, a real host, nothing that could leave an attribute. */
export const shopAddressSchema = z
  .string(SHOP_ADDRESS_MESSAGES.notWebAddress)
  .trim()
  .max(500, SHOP_ADDRESS_MESSAGES.tooLong)
  .refine((value) => {
    if (/[\s"'<>`\\]/.test(value)) return false;
    try {
      const url = new URL(value);
      return (
        url.protocol === 'https:' &&
        url.username === '' &&
        url.password === '' &&
        /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname)
      );
    } catch {
      return false;
    }
  }, SHOP_ADDRESS_MESSAGES.notWebAddress);

/** PUT /api/shops/:id/address -> Shop */
export const shopAddressInputSchema = z.object({ url: shopAddressSchema });
export type ShopAddressInput = z.output<typeof shopAddressInputSchema>;

/** The paper a batch of cards is laid out on. */
export const CARD_LAYOUTS = ['a6', 'postcard', 'a7', 'a4-4up', 'letter-4up'] as const;
export type CardLayout = (typeof CARD_LAYOUTS)[number];

export interface CardLayoutInfo {
  label: string;
  description: string;
  /** Cards on one sheet. */
  perPage: 1 | 4;
}

export const CARD_LAYOUT_INFO: Record<CardLayout, CardLayoutInfo> = {
  postcard: {
    label: '4×6 in postcard',
    description: 'One card per sheet of 4×6 in card stock.',
    perPage: 1,
  },
  a6: {
    label: 'A6 card',
    description: 'One card per sheet of A6 (105×148 mm) card stock.',
    perPage: 1,
  },
  a7: {
    label: 'A7 card',
    description: 'One card per sheet of A7 (74×105 mm) card stock.',
    perPage: 1,
  },
  'a4-4up': {
    label: '4 on A4',
    description: 'Four A6 cards on each A4 sheet, with cut marks.',
    perPage: 4,
  },
  'letter-4up': {
    label: '4 on US Letter',
    description: 'Four 4¼×5½ in cards on each Letter sheet, with cut marks.',
    perPage: 4,
  },
};

/**
 * The card sizes sellers buy as card stock: each prints one card per sheet and may be folded (a
 * folded card is printed on a sheet twice its width, folded in half) or printed with bleed (3 mm
 * past every edge, cut back to size along crop marks). The 4-up sheets are cut by hand along their
 * cut marks and are neither folded nor bled.
 */
export const CARD_STOCK_LAYOUTS = ['a6', 'postcard', 'a7'] as const satisfies readonly CardLayout[];

export function isCardStockLayout(layout: CardLayout): boolean {
  return (CARD_STOCK_LAYOUTS as readonly CardLayout[]).includes(layout);
}

/** Bleed past each trimmed edge, in millimetres: what print shops ask for. */
export const BLEED_MM = 3;

/** Which orders a print batch holds: those to ship today and overdue, or every one waiting. */
export const CARD_BATCHES = ['ship-today', 'waiting'] as const;
export type CardBatchKind = (typeof CARD_BATCHES)[number];

/** Days from payment to the ship-by day, for marketplaces that give none: at most this many. */
export const MAX_PROCESSING_DAYS = 60;

/** The seller's print choices, remembered across devices. GET/PUT /api/cards/settings */
export const cardPrintSettingsSchema = z.object({
  layout: z.enum(CARD_LAYOUTS, { error: 'Choose one of the card sizes shown.' }),
  fold: z.boolean({ error: 'Say whether the card is folded.' }),
  bleed: z.boolean({ error: 'Say whether the card is printed with bleed.' }),
  /**
   * Shopify, WooCommerce and the demo shop name no ship-by day: an order ships this many days after
   * it was paid, counted on the seller's calendar. Etsy's own ship-by day always wins.
   */
  processingDays: z
    .number({ error: 'Enter the number of days you take to ship, from 0 to 60.' })
    .int('Enter a whole number of days, from 0 to 60.')
    .min(0, 'Enter the number of days you take to ship, from 0 to 60.')
    .max(MAX_PROCESSING_DAYS, 'Enter the number of days you take to ship, from 0 to 60.'),
});
export type CardPrintSettings = z.output<typeof cardPrintSettingsSchema>;

export const DEFAULT_CARD_PRINT_SETTINGS: CardPrintSettings = {
  layout: 'a6',
  fold: false,
  bleed: false,
  processingDays: 3,
};

/** An order that is not the seller's, or an id that names none. */
export const ORDER_NOT_FOUND = 'Order not found.';

/**
 * At most this many cards in one print batch: thirteen sheets of four. Each card is drawn on the
 * server (a QR code per button), so a batch is bounded work.
 */
export const MAX_CARDS_PER_BATCH = 50;

/** A template whose card would carry more QR codes than a card has room for (`max`). */
export const tooManyQrCodes = (templateName: string, count: number, max: number) =>
  `“${templateName}” has ${count} buttons with links, and a printed card has room for at most ${max} QR codes. In the editor, tick “Leave off printed cards” on the buttons buyers need least, then print again.`;

const orderId = z.uuid();
const TOO_MANY_ORDERS = `Choose at most ${MAX_CARDS_PER_BATCH} orders at a time, and print the rest in another batch.`;
// Checked as a whole list, so a bad id reads as one plain sentence rather than "orderIds.3: …".
const orderIdList = z
  .array(z.string(), { error: 'Choose the orders to mark.' })
  .min(1, 'Choose at least one order.')
  .max(MAX_CARDS_PER_BATCH, TOO_MANY_ORDERS)
  .refine((ids) => ids.every((id) => orderId.safeParse(id).success), {
    error: 'That is not an order of yours.',
  });

/** POST /api/cards/printed: the seller confirms these cards came out of the printer. */
export const markCardsPrintedSchema = z.object({ orderIds: orderIdList });
export type MarkCardsPrinted = z.output<typeof markCardsPrintedSchema>;

/**
 * POST /api/cards/packed: these orders' parcels are packed with their card (packed: true; a card
 * not marked printed yet is marked printed too), or the mark was a slip (packed: false).
 */
export const markPackedSchema = z.object({
  orderIds: orderIdList,
  packed: z.boolean({ error: 'Say whether the orders are packed.' }),
});
export type MarkPacked = z.output<typeof markPackedSchema>;

/** POST /api/cards/packed -> Packed */
export interface Packed {
  /** The orders now packed (packed: true) or no longer packed (false). */
  orderIds: string[];
  packedAt: string | null;
}

/**
 * GET /api/cards?ids=a,b,c: the cards of those orders (waiting, or printed before: a reprint).
 * Without ids: the orders waiting for a card, oldest first, as many as today's daily limit has room
 * for (at most MAX_CARDS_PER_BATCH).
 */
export const cardBatchQuerySchema = z.object({
  /** Without ids: every order 'waiting' (the default), oldest first, or those to ship today. */
  batch: z
    .enum(CARD_BATCHES, { error: 'Choose the orders to ship today, or all waiting.' })
    .optional(),
  ids: z
    .string()
    // Room for MAX_CARDS_PER_BATCH ids and their commas; past it, the same sentence as the count.
    .max(MAX_CARDS_PER_BATCH * 37, TOO_MANY_ORDERS)
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : undefined))
    .pipe(orderIdList.optional()),
});

/** One order's thank-you, laid out for paper. */
export interface PrintCard {
  orderId: string;
  orderNumber: string;
  shopName: string;
  buyerName: string | null;
  templateName: string | null;
  /** The card's content: the template rendered for paper, tokens filled, buttons as QR codes. */
  html: string;
  /** Set when this card was printed before (the batch is a reprint of it). */
  cardPrintedAt: string | null;
  /** The day the parcel is to ship (YYYY-MM-DD, the seller's calendar); null for nothing to ship. */
  shipBy: string | null;
  /** Where shipBy comes from: the marketplace's own date, or payment plus the seller's days. */
  shipBySource: 'marketplace' | 'processing-days' | null;
  /** Set when the parcel was packed with its card. */
  packedAt: string | null;
  /** The buyer's first name as the card greets them; null: the card greets them neutrally. */
  firstName: string | null;
  /** The shop's web address, which the card's QR code holds; null when the shop has none. */
  shopUrl: string | null;
  /** The QR code to shopUrl as inline SVG. */
  shopQr: string | null;
}

/** GET /api/cards -> CardBatch */
export interface CardBatch {
  cards: PrintCard[];
  /** Orders waiting for a card or message, in all. */
  waiting: number;
  /** Waiting orders left out because today's daily limit has no room for them. */
  heldForLimit: number;
  /** Cards or emails today's limit still has room for; null on a plan without one. */
  remainingToday: number | null;
  /** The seller's today (YYYY-MM-DD, their time zone): what "to ship today" is measured by. */
  today: string;
  /** Orders waiting for a card whose parcel ships today or is overdue. */
  toShip: number;
  /** Some of the seller's shops withhold buyers' addresses (Etsy): the card can only go in the parcel. */
  addressesWithheld: boolean;
}

/** POST /api/cards/printed -> CardsPrinted */
export interface CardsPrinted {
  /** Orders newly marked as thanked by a printed card. */
  marked: number;
  /** Orders that were thanked already (by a card printed before, or a message) and stay as they were. */
  alreadyThanked: number;
}

/** GET /api/orders/:id/message -> MarketplaceMessage */
export interface MarketplaceMessage {
  orderId: string;
  marketplace: Marketplace;
  /** The thank-you as plain text, tokens filled, ready to paste into the marketplace's messaging. */
  text: string;
  /** The order in the marketplace's seller dashboard, where its buyer can be messaged; null for the demo shop. */
  orderUrl: string | null;
}

/** POST /api/orders/:id/message-sent -> MessageSent */
export interface MessageSent {
  thankedBy: ThankChannel;
  thankedAt: string;
}

/** GET /api/by-hand/summary -> ByHandSummary: what the dashboard shows. */
export interface ByHandSummary {
  /** Orders waiting for a printed card or a marketplace message. */
  waiting: number;
}

export const cardBatchSchema: z.ZodType<CardBatch> = z.object({
  cards: z.array(
    z.object({
      orderId: z.string(),
      orderNumber: z.string(),
      shopName: z.string(),
      buyerName: z.string().nullable(),
      templateName: z.string().nullable(),
      html: z.string(),
      cardPrintedAt: z.string().nullable(),
      shipBy: z.string().nullable(),
      shipBySource: z.enum(['marketplace', 'processing-days']).nullable(),
      packedAt: z.string().nullable(),
      firstName: z.string().nullable(),
      shopUrl: z.string().nullable(),
      shopQr: z.string().nullable(),
    }),
  ),
  waiting: z.number().int(),
  heldForLimit: z.number().int(),
  remainingToday: z.number().int().nullable(),
  today: z.string(),
  toShip: z.number().int(),
  addressesWithheld: z.boolean(),
});

export const packedSchema: z.ZodType<Packed> = z.object({
  orderIds: z.array(z.string()),
  packedAt: z.string().nullable(),
});

export const cardsPrintedSchema: z.ZodType<CardsPrinted> = z.object({
  marked: z.number().int(),
  alreadyThanked: z.number().int(),
});

export const marketplaceMessageSchema: z.ZodType<MarketplaceMessage> = z.object({
  orderId: z.string(),
  marketplace: z.enum(MARKETPLACES),
  text: z.string(),
  orderUrl: z.string().nullable(),
});

export const messageSentSchema: z.ZodType<MessageSent> = z.object({
  thankedBy: z.enum(THANK_CHANNELS),
  thankedAt: z.string(),
});

export const byHandSummarySchema: z.ZodType<ByHandSummary> = z.object({
  waiting: z.number().int(),
});
