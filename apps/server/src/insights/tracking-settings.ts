import { eq } from 'drizzle-orm';
import type { InsightsSettings } from '@thankly/api-contract';
import type { Database } from '../db/database.ts';
import { sendingSettings } from '../db/schema.ts';

/** Tracking is on for every seller until they turn it off (no settings row: on). */
export async function readTrackingSettings(
  db: Database,
  userId: string,
): Promise<InsightsSettings> {
  const [row] = await db
    .select({ trackingEnabled: sendingSettings.trackingEnabled })
    .from(sendingSettings)
    .where(eq(sendingSettings.userId, userId));
  return { trackingEnabled: row?.trackingEnabled ?? true };
}

export async function saveTrackingSettings(
  db: Database,
  userId: string,
  { trackingEnabled }: InsightsSettings,
): Promise<InsightsSettings> {
  await db
    .insert(sendingSettings)
    .values({ userId, trackingEnabled })
    .onConflictDoUpdate({ target: sendingSettings.userId, set: { trackingEnabled } });
  return { trackingEnabled };
}
