// The seller's latest orders as preview data for the editor: each filled exactly as its email was.
import { PREVIEW_ORDERS_LIMIT, THANK_YOU_STEP, type PreviewOrder } from '@thankly/api-contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import { orderEmails, sendingSettings, shops } from '../infrastructure/db/schema.ts';
import { marketplaceOrderSchema } from '../orders/marketplace-order.ts';
import { orderTokenValues, splitName } from '../buyer-email/order-tokens.ts';

/**
 * The latest thank-you orders of this seller's shops, newest first, with the values of their
 * tokens. Only rows of `userId` are read: another seller's orders never appear. An order whose
 * stored description no longer reads is left out rather than shown half-filled.
 */
export async function listPreviewOrders(db: Database, userId: string): Promise<PreviewOrder[]> {
  const [rows, [settings]] = await Promise.all([
    db
      .select({
        row: orderEmails,
        shopName: shops.name,
        shopUrl: shops.url,
        marketplace: shops.marketplace,
      })
      .from(orderEmails)
      .innerJoin(shops, eq(shops.id, orderEmails.shopId))
      .where(and(eq(orderEmails.userId, userId), eq(orderEmails.stepKey, THANK_YOU_STEP)))
      .orderBy(desc(orderEmails.createdAt))
      .limit(PREVIEW_ORDERS_LIMIT),
    db
      .select({ couponCode: sendingSettings.couponCode })
      .from(sendingSettings)
      .where(eq(sendingSettings.userId, userId)),
  ]);
  return rows.flatMap(({ row, shopName, shopUrl, marketplace }) => {
    const order = marketplaceOrderSchema.safeParse(row.order);
    if (!order.success) return [];
    const values = orderTokenValues(
      order.data,
      { name: shopName, url: shopUrl, marketplace },
      settings?.couponCode ?? '',
      row.buyerOrderCount,
    );
    const buyer = splitName(row.buyerName).first ?? 'a buyer without a name';
    return [
      {
        id: row.id,
        label: `Order ${row.orderNumber} from ${buyer} (${shopName})`,
        values: Object.fromEntries(
          Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string'),
        ),
      },
    ];
  });
}
