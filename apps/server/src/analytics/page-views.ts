import { sql } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import { pageViews } from '../infrastructure/db/schema.ts';
import { athensDate } from '../infrastructure/time/athens.ts';

/** One more view of a path on the Athens day that holds `now`. */
export async function countPageView(db: Database, path: string, now: Date): Promise<void> {
  await db
    .insert(pageViews)
    .values({ day: athensDate(now), path, views: 1 })
    .onConflictDoUpdate({
      target: [pageViews.day, pageViews.path],
      set: { views: sql`${pageViews.views} + 1` },
    });
}
