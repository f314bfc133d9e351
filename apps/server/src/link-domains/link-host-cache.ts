import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import { sendingDomains } from '../infrastructure/db/schema.ts';

/** How long an answer is kept: a removed link host stops answering within this time. */
export const LINK_HOST_CACHE_MS = 30_000;
/** Every Host header a client makes up would be kept otherwise: past this, start over. */
const MAX_ENTRIES = 5_000;

interface Entry {
  isLinkHost: boolean;
  until: number;
}

/** Per database, so apps in one process (tests) never read each other's answers. */
const caches = new WeakMap<Database, Map<string, Entry>>();

function cacheOf(db: Database): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Whether a request's host is a seller's link host Thankly answers tracking on: one that was
 * verified and is still configured. A host whose CNAME stopped being found keeps answering, so
 * links in emails already sent keep working; new emails use it only while it is verified.
 */
export async function isLinkHost(db: Database, host: string, now: number): Promise<boolean> {
  const cache = cacheOf(db);
  const cached = cache.get(host);
  if (cached && cached.until > now) return cached.isLinkHost;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(sendingDomains)
    .where(and(eq(sendingDomains.linkHost, host), isNotNull(sendingDomains.linkVerifiedAt)))
    .limit(1);
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(host, { isLinkHost: row !== undefined, until: now + LINK_HOST_CACHE_MS });
  return row !== undefined;
}

/** A host the seller changed or removed: this process forgets it at once. */
export function forgetLinkHost(db: Database, host: string): void {
  caches.get(db)?.delete(host);
}
