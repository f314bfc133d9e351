import { sql } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import { apiBudgets } from '../infrastructure/db/schema.ts';
import { BudgetExhaustedError } from './marketplace-adapter.ts';

/**
 * Spends one request of a provider's daily quota, atomically across processes; throws once the
 * day's budget is gone.
 */
export async function consumeApiBudget(
  db: Database,
  provider: string,
  budget: number,
  now: Date,
): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  const rows = await db
    .insert(apiBudgets)
    .values({ provider, day, used: 1 })
    .onConflictDoUpdate({
      target: [apiBudgets.provider, apiBudgets.day],
      set: { used: sql`${apiBudgets.used} + 1` },
      setWhere: sql`${apiBudgets.used} < ${budget}`,
    })
    .returning({ used: apiBudgets.used });
  if (rows.length === 0)
    throw new BudgetExhaustedError(`The daily ${provider} request budget of ${budget} is used up.`);
}
