import { type MarketplaceOrder, marketplaceOrderSchema } from './marketplace-order.ts';
import type { orderEmails } from '../infrastructure/db/schema.ts';
import { SKIP_REASONS } from './skip-reasons.ts';
import { UnsendableOrderError } from './unsendable-order.ts';

/**
 * The stored order, as the email's tokens need it. A row that fails today's order schema (written
 * by an older version) reads the same on every attempt, so it is unsendable, not retried.
 */
export function readStoredOrder(
  row: Pick<typeof orderEmails.$inferSelect, 'id' | 'order'>,
): MarketplaceOrder {
  const order = marketplaceOrderSchema.safeParse(row.order);
  if (order.success) return order.data;
  const problems = order.error.issues.map((i) => `${i.path.join('.') || '(order)'}: ${i.message}`);
  throw new UnsendableOrderError(
    SKIP_REASONS.unreadableOrder,
    `order ${row.id} fails the order schema: ${problems.join('; ')}`,
  );
}
