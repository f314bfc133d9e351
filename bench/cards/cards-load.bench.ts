// Issue 33: printed cards under load. One API process (its own child process, on PostgreSQL, on
// loopback) is asked for full print batches of a template with the most QR codes a card may
// carry, each link as long as a design allows, by several sellers' worth of requests at once;
// meanwhile /api/health is called one request after another and timed. Every batch is of other
// orders, so none comes from the cache. Goal (reported, never enforced): /api/health p99 < 100 ms
// while the batches are drawn, and every batch answered 200.
import { randomUUID } from 'node:crypto';
import { MAX_CARDS_PER_BATCH } from '@thankly/api-contract';
import { createDefaultTemplate, MAX_QR_CODES_PER_CARD, renderEmail } from '@thankly/email';
import { eq } from 'drizzle-orm';
import { openServerDatabase } from '../../apps/server/src/infrastructure/db/database.ts';
import {
  orderEmails,
  templateSelections,
  templates,
} from '../../apps/server/src/infrastructure/db/schema.ts';
import { createPostgresDatabase } from '../../apps/server/test/support/test-databases.ts';
import { startBenchApi } from '../lib/api-process.ts';
import { type Goal, printGoals } from '../lib/measure.ts';
import { APP_SECRET, SELLER, seedSeller } from '../ingest/seed.ts';

export const name = 'printed card batches under load (apps/server)';

const BATCHES = Number(process.env.BENCH_CARD_BATCHES ?? 8);
const CONCURRENT_BATCHES = 4;
const GOAL_HEALTH_P99_MS = 100;

function heavyDesign() {
  const { design } = createDefaultTemplate();
  const blocks = design.blocks.filter((block) => block.type !== 'button');
  const buttons = Array.from({ length: MAX_QR_CODES_PER_CARD }, (_, n) => ({
    id: `offer-${n}`,
    type: 'button' as const,
    text: `Offer ${n + 1}`,
    url: `https://bench-pottery.example.com/p/${n}?ref=${'x'.repeat(1_990)}`,
  }));
  return { ...design, blocks: [...blocks, ...buttons] };
}

/** A template of the most (and largest) QR codes a card may hold, and orders waiting for cards. */
async function seedCards(databaseUrl: string): Promise<string[][]> {
  const handle = await openServerDatabase(databaseUrl, 2);
  try {
    const { userId, shopId } = await seedSeller(handle.db);
    const design = heavyDesign();
    const [template] = await handle.db
      .insert(templates)
      .values({ userId, name: 'Many offers', design, html: renderEmail(design as never).html })
      .returning({ id: templates.id });
    await handle.db
      .update(templateSelections)
      .set({ templateId: template!.id })
      .where(eq(templateSelections.userId, userId));
    const now = new Date().toISOString();
    const ids = Array.from({ length: BATCHES * MAX_CARDS_PER_BATCH }, () => randomUUID());
    await handle.db.insert(orderEmails).values(
      ids.map((id, i) => ({
        id,
        userId,
        shopId,
        marketplaceOrderId: `card-${id}`,
        orderNumber: String(5000 + i),
        buyerName: 'Pat Buyer',
        buyerEmail: null,
        order: {
          externalId: `card-${id}`,
          orderNumber: String(5000 + i),
          isPaid: true,
          buyerName: 'Pat Buyer',
          buyerFirstName: 'Pat',
          buyerLastName: 'Buyer',
          buyerEmail: null,
          createdAt: now,
          updatedAt: now,
          productTitles: ['Speckled mug'],
          total: null,
          trackingUrl: null,
        },
        status: 'skipped' as const,
        byHand: 'no-buyer-email' as const,
        templateId: template!.id,
        templateName: 'Many offers',
        decidedAt: new Date(),
        nextAttemptAt: new Date(),
      })),
    );
    const batches: string[][] = [];
    for (let i = 0; i < ids.length; i += MAX_CARDS_PER_BATCH)
      batches.push(ids.slice(i, i + MAX_CARDS_PER_BATCH));
    return batches;
  } finally {
    await handle.close();
  }
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(SELLER),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? NaN;
}

export async function run(): Promise<void> {
  console.log(
    `\n== ${name}: ${BATCHES} batches of ${MAX_CARDS_PER_BATCH} cards × ${MAX_QR_CODES_PER_CARD} QR codes, ${CONCURRENT_BATCHES} at once, one API process on PostgreSQL`,
  );
  const database = await createPostgresDatabase(`thankly_bench_cards_${process.pid}`);
  try {
    const batches = await seedCards(database.url);
    const api = await startBenchApi(APP_SECRET, { ROLE: 'api', DATABASE_URL: database.url });
    try {
      const cookie = await signIn(api.url);
      const statuses: number[] = [];
      const batchMs: number[] = [];
      let next = 0;
      const started = performance.now();
      const client = async () => {
        while (next < batches.length) {
          const ids = batches[next++]!;
          const before = performance.now();
          const response = await fetch(`${api.url}/api/cards?ids=${ids.join(',')}`, {
            headers: { cookie },
          });
          await response.arrayBuffer();
          statuses.push(response.status);
          batchMs.push(performance.now() - before);
        }
      };
      let loading = true;
      const health: number[] = [];
      const probe = (async () => {
        while (loading) {
          const before = performance.now();
          const response = await fetch(`${api.url}/api/health`);
          await response.arrayBuffer();
          health.push(performance.now() - before);
        }
      })();
      await Promise.all(Array.from({ length: CONCURRENT_BATCHES }, client));
      loading = false;
      await probe;
      const elapsed = (performance.now() - started) / 1000;
      const ok = statuses.filter((status) => status === 200).length;
      console.log(
        `card batches: ${ok}/${statuses.length} answered 200 in ${elapsed.toFixed(1)} s, ` +
          `each p50 ${percentile(batchMs, 0.5).toFixed(0)} ms, max ${Math.max(...batchMs).toFixed(0)} ms`,
      );
      const p99 = percentile(health, 0.99);
      const detail =
        `${health.length} health checks, p50 ${percentile(health, 0.5).toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms; ${ok}/${statuses.length} batches 200`;
      const goals: Goal[] = [
        {
          label: `/api/health p99 < ${GOAL_HEALTH_P99_MS} ms while print batches are drawn`,
          isMet: p99 < GOAL_HEALTH_P99_MS && ok === statuses.length,
          detail,
        },
      ];
      printGoals(goals);
    } finally {
      await api.server.stop();
    }
  } finally {
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
