import { eq } from 'drizzle-orm';
import {
  DEFAULT_REDEMPTION_WINDOW_DAYS,
  type InsightsSettings,
  type InsightsSettingsUpdate,
} from '@thankly/api-contract';
import type { Database } from '../infrastructure/db/database.ts';
import { sendingSettings } from '../infrastructure/db/schema.ts';

/**
 * Tracking is on, and a redemption counts within DEFAULT_REDEMPTION_WINDOW_DAYS, for every seller
 * until they say otherwise (no settings row: the defaults).
 */
export async function readTrackingSettings(
  db: Database,
  userId: string,
): Promise<InsightsSettings> {
  const [row] = await db
    .select({
      trackingEnabled: sendingSettings.trackingEnabled,
      redemptionWindowDays: sendingSettings.redemptionWindowDays,
    })
    .from(sendingSettings)
    .where(eq(sendingSettings.userId, userId));
  return {
    trackingEnabled: row?.trackingEnabled ?? true,
    redemptionWindowDays: row?.redemptionWindowDays ?? DEFAULT_REDEMPTION_WINDOW_DAYS,
  };
}

export async function saveTrackingSettings(
  db: Database,
  userId: string,
  update: InsightsSettingsUpdate,
): Promise<InsightsSettings> {
  const set = Object.fromEntries(
    Object.entries(update).filter(([, value]) => value !== undefined),
  ) as InsightsSettingsUpdate;
  if (Object.keys(set).length > 0)
    await db
      .insert(sendingSettings)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: sendingSettings.userId, set });
  return readTrackingSettings(db, userId);
}
