// The words of a thank-you given by hand: the order's template, filled from the order as its email
// would have been, laid out for paper (a card) or as plain text (a marketplace message).
import type { Marketplace, PlanId } from '@thankly/api-contract';
import { parseDesign, renderMessageForOrder } from '@thankly/email';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import { sendingSettings, templates } from '../infrastructure/db/schema.ts';
import { AppError } from '../infrastructure/http/errors.ts';
import { marketplaceOrderSchema } from '../orders/marketplace-order.ts';
import { buyerOrderUrl, linkAllowedInMessage } from '../marketplace/registry.ts';
import type { OrderEmailRow } from '../sending/decide-order.ts';
import type { SendableTemplate } from '../buyer-email/sendable-template.ts';
import { orderTokenValues } from '../buyer-email/order-tokens.ts';
import { findEffectiveTemplate } from '../templates/effective-template.ts';
import type { CardRequest } from './card-renderer.ts';

export interface ByHandShop {
  name: string;
  url: string | null;
  marketplace: Marketplace;
  externalId: string;
}

/** A template as it reads now, with the version (its last save) a printed card is kept for. */
export type VersionedTemplate = SendableTemplate & { updatedAt: Date };

/** What fills one seller's thank-yous: their templates by id, and their coupon code. */
export interface ThankYouSource {
  templateFor(row: OrderEmailRow): VersionedTemplate;
  couponCode: string;
}

const NO_TEMPLATE =
  'The template chosen for these orders was deleted and no template is selected for future emails. Select one on the dashboard first.';

/**
 * Loads what the given orders' thank-yous are made from, in two queries. An order whose template
 * was deleted since gets the template in effect now; a design that no longer reads is the seller's
 * to mend in the editor.
 */
export async function loadThankYouSource(
  db: Database,
  seller: { id: string; plan: PlanId; timeZone: string },
  rows: readonly OrderEmailRow[],
  now: Date,
): Promise<ThankYouSource> {
  const { templateId: effectiveId } = await findEffectiveTemplate(db, seller, now);
  const ids = [
    ...new Set([...rows.map((r) => r.templateId), effectiveId].filter((id) => id !== null)),
  ];
  const [found, [settings]] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select()
          .from(templates)
          .where(and(eq(templates.userId, seller.id), inArray(templates.id, ids))),
    db
      .select({ couponCode: sendingSettings.couponCode })
      .from(sendingSettings)
      .where(eq(sendingSettings.userId, seller.id)),
  ]);
  const byId = new Map(found.map((t) => [t.id, t]));
  const readable = new Map<string, VersionedTemplate>();
  const read = (id: string | null): VersionedTemplate | undefined => {
    if (id === null) return undefined;
    const cached = readable.get(id);
    if (cached) return cached;
    const row = byId.get(id);
    if (!row) return undefined;
    const parsed = parseDesign(row.design);
    if (!parsed.ok)
      throw new AppError(
        'conflict',
        `The design of “${row.name}” could not be read. Open it in the editor and save it again.`,
      );
    // A card or message is made when the seller prints it, from the template as it is then:
    // no version is recorded for it (only sent emails record theirs).
    const template = { ...row, design: parsed.design, version: null };
    readable.set(id, template);
    return template;
  };
  return {
    couponCode: settings?.couponCode ?? '',
    templateFor(row) {
      const template = read(row.templateId) ?? read(effectiveId);
      if (!template) throw new AppError('conflict', NO_TEMPLATE);
      return template;
    },
  };
}

function tokenValues(row: OrderEmailRow, shop: ByHandShop, couponCode: string) {
  // Only orders that passed today's order schema are ever decided by hand.
  return orderTokenValues(
    marketplaceOrderSchema.parse(row.order),
    shop,
    couponCode,
    row.buyerOrderCount,
  );
}

/** What the order's card is drawn from: its template laid out for paper, buttons as QR codes. */
export function cardRequest(
  source: ThankYouSource,
  row: OrderEmailRow,
  shop: ByHandShop,
): CardRequest {
  return {
    orderId: row.id,
    template: source.templateFor(row),
    values: tokenValues(row, shop, source.couponCode),
  };
}

/**
 * The order's thank-you as a marketplace message: its own plain prose (no pictures, no email-only
 * phrases), links only where the marketplace allows them, and the buyer's order there at the end.
 */
export function messageText(source: ThankYouSource, row: OrderEmailRow, shop: ByHandShop): string {
  const template = source.templateFor(row);
  return renderMessageForOrder(template.design, tokenValues(row, shop, source.couponCode), {
    linkAllowed: (url) => linkAllowedInMessage(shop.marketplace, url),
    orderUrl: buyerOrderUrl(shop, row.marketplaceOrderId),
  });
}
