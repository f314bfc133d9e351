// A seller's brand kit: one row per seller, every field optional. Reading a seller who never saved
// one gives all nulls; a save changes only the fields it names.
import { eq } from 'drizzle-orm';
import { BRAND_FIELDS, EMPTY_BRAND, type Brand, type BrandField } from '@thankly/api-contract';
import type { Database } from '../infrastructure/db/database.ts';
import { brandKits } from '../infrastructure/db/schema.ts';

function toBrand(row: Partial<Record<BrandField, string | null>> | undefined): Brand {
  const brand = { ...EMPTY_BRAND };
  if (row) for (const field of BRAND_FIELDS) brand[field] = row[field] ?? null;
  return brand;
}

export async function getBrand(db: Database, sellerId: string): Promise<Brand> {
  const [row] = await db.select().from(brandKits).where(eq(brandKits.userId, sellerId));
  return toBrand(row);
}

/**
 * Saves the fields in `changes` (null clears one) and keeps the others as stored, in one statement,
 * so two saves of different fields at once both stick.
 */
export async function updateBrand(
  db: Database,
  sellerId: string,
  changes: Partial<Brand>,
  now: Date,
): Promise<Brand> {
  const set: Partial<Record<BrandField, string | null>> = {};
  for (const field of BRAND_FIELDS) if (field in changes) set[field] = changes[field] ?? null;
  const [row] = await db
    .insert(brandKits)
    .values({ userId: sellerId, ...set, updatedAt: now })
    .onConflictDoUpdate({ target: brandKits.userId, set: { ...set, updatedAt: now } })
    .returning();
  return toBrand(row);
}
