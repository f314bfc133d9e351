// Issue 19, goal 4: signed Shopify orders/paid deliveries fired with autocannon at one API process
// (ROLE=api, its own child process, so the load generator does not share its event loop) on a
// fresh PostgreSQL database, each delivery a distinct order, some delivered twice as Shopify's
// retries do. The API answers once the order is queued; one worker process (ROLE=worker) then
// records the queue, which is timed too. Goal: >= 1,000 deliveries/s with p99 < 50 ms and no
// error, and afterwards every delivered order recorded exactly once. Also authenticated dashboard
// reads (GET /api/templates and /api/activity) on PostgreSQL and on the embedded database, as
// figures. Misses are printed, never thrown.
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { type SQL, and, eq, notLike, sql } from 'drizzle-orm';
import {
  type DatabaseHandle,
  openEmbeddedDatabase,
  queryRows,
  openServerDatabase,
} from '../../apps/server/src/infrastructure/db/database.ts';
import { orderEmails } from '../../apps/server/src/infrastructure/db/schema.ts';
import { createPostgresDatabase } from '../../apps/server/test/support/test-databases.ts';
import { type ServerProcess, waitUntil } from '../../apps/server/test/support/server-process.ts';
import { BENCH_APP_URL, spawnBenchServer, startBenchApi } from '../lib/api-process.ts';
import { type Goal, printGoals } from '../lib/measure.ts';
import { startShopifyAdminStandIn } from './shopify-admin-stand-in.ts';
import { APP_SECRET, SELLER, SHOP_DOMAIN, seedSeller } from './seed.ts';

export const name = 'ingest under load (apps/server)';

/** Bounded in count and in time, whichever comes first. */
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 20_000);
const MAX_SECONDS = 30;
const CONNECTIONS = 16;
/** Every this many deliveries, one repeats an earlier delivery (same ids, same body). */
const REPEAT_EVERY = 20;
const READ_SECONDS = 5;
const SHOPIFY = { apiKey: 'bench-key', apiSecret: 'bench-shopify-secret' };

const shopifyEnv = (shopUrl: string) => ({
  SHOPIFY_API_KEY: SHOPIFY.apiKey,
  SHOPIFY_API_SECRET: SHOPIFY.apiSecret,
  SHOPIFY_SHOP_URL: shopUrl,
});

/** One API process, with Shopify pointed at the stand-in. */
function startApi(database: Record<string, string>, shopUrl: string) {
  return startBenchApi(APP_SECRET, { ...shopifyEnv(shopUrl), ...database });
}

/**
 * The seller pauses sending, so the orders delivered are recorded but never emailed: the worker
 * that records them has no mail to send, and the benchmark measures ingest alone.
 */
async function pauseSending(url: string, cookie: string): Promise<void> {
  const response = await fetch(`${url}/api/me/pause`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', origin: BENCH_APP_URL, cookie },
    body: JSON.stringify({ isPaused: true }),
  });
  if (response.status !== 200) throw new Error(`pausing failed: ${response.status}`);
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BENCH_APP_URL },
    body: JSON.stringify(SELLER),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

interface Delivery {
  orderId: string;
  body: string;
  headers: Record<string, string>;
}

/** An orders/paid delivery as Shopify signs it: base64 HMAC-SHA256 of the raw body. */
function shopifyDelivery(orderId: number): Delivery {
  const now = new Date().toISOString();
  const email = `buyer-${orderId}@example.com`;
  const body = JSON.stringify({
    id: orderId,
    name: `#${orderId}`,
    order_number: orderId,
    email,
    contact_email: email,
    customer: { id: 7_001, email, first_name: 'Lena', last_name: 'Fischer' },
    billing_address: { first_name: 'Lena', last_name: 'Fischer', name: 'Lena Fischer' },
    shipping_address: { first_name: 'Lena', last_name: 'Fischer', name: 'Lena Fischer' },
    financial_status: 'paid',
    total_price: '59.90',
    current_total_price: '59.90',
    currency: 'EUR',
    line_items: [{ id: 1, title: 'Linen apron', name: 'Linen apron', quantity: 1, price: '59.90' }],
    fulfillments: [],
    created_at: now,
    updated_at: now,
    processed_at: now,
    test: false,
  });
  return {
    orderId: String(orderId),
    body,
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/paid',
      'x-shopify-hmac-sha256': createHmac('sha256', SHOPIFY.apiSecret)
        .update(body, 'utf8')
        .digest('base64'),
      'x-shopify-shop-domain': SHOP_DOMAIN,
      'x-shopify-api-version': '2026-07',
      'x-shopify-webhook-id': randomUUID(),
      'x-shopify-event-id': randomUUID(),
    },
  };
}

/** Signed ahead of time, so the load generator spends its time sending. */
function deliveries(): Delivery[] {
  const list: Delivery[] = [];
  for (let i = 0; i < DELIVERIES; i++) {
    // A retry comes a while after the first attempt, as Shopify's do.
    const repeat = i % REPEAT_EVERY === REPEAT_EVERY - 1 && i > 100;
    list.push(repeat ? list[i - 100]! : shopifyDelivery(5_000_000_000 + i));
  }
  return list;
}

function runCannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    const timer = setTimeout(() => instance.stop(), MAX_SECONDS * 1000);
    instance.on('done', () => clearTimeout(timer));
  });
}

interface IngestResult {
  result: autocannon.Result;
  /** Distinct orders of the deliveries the API answered with a 2xx. */
  answeredOrderIds: Set<string>;
  /** Orders whose delivery was answered, counted per answer: repeats answered more than once. */
  answers: number;
}

/** What autocannon keeps per connection: the order of the one delivery in flight on it. */
interface ConnectionContext {
  orderId?: string;
}

async function fireDeliveries(url: string): Promise<IngestResult> {
  const list = deliveries();
  let next = 0;
  let answers = 0;
  const answeredOrderIds = new Set<string>();
  const result = await runCannon({
    url: `${url}/api/shopify/webhook`,
    connections: CONNECTIONS,
    amount: list.length,
    requests: [
      {
        method: 'POST',
        setupRequest: (request, context) => {
          const delivery = list[next++ % list.length]!;
          (context as ConnectionContext).orderId = delivery.orderId;
          return { ...request, body: delivery.body, headers: delivery.headers };
        },
        // One request in flight per connection, so the context names the answered delivery.
        onResponse: (status, _body, context) => {
          const { orderId } = context as ConnectionContext;
          if (status >= 200 && status < 300 && orderId) {
            answers++;
            answeredOrderIds.add(orderId);
          }
        },
      },
    ],
  });
  return { result, answeredOrderIds, answers };
}

async function readLoad(url: string, cookie: string, route: string): Promise<autocannon.Result> {
  return runCannon({
    url: `${url}${route}`,
    connections: 8,
    duration: READ_SECONDS,
    headers: { cookie },
  });
}

function describeLoad(result: autocannon.Result): string {
  return (
    `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, ` +
    `p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx, ${result.errors} errors`
  );
}

const PAID_ORDER_QUEUE = 'shopify-paid-order';

interface Recording {
  /** Orders the worker recorded per second, from its first job started to its last completed. */
  perSecond: number;
  jobs: number;
  failedJobs: number;
}

/** A query that always answers one row (an aggregate). */
async function oneRow<Row>(handle: DatabaseHandle, query: SQL): Promise<[Row]> {
  const [row] = await queryRows<Row>(handle.db, query);
  if (!row) throw new Error('the query answered no row');
  return [row];
}

/** One worker process records what the API queued; resolves once the queue is empty. */
async function recordQueuedOrders(
  handle: DatabaseHandle,
  databaseUrl: string,
  shopUrl: string,
): Promise<Recording> {
  const worker = spawnBenchServer(APP_SECRET, {
    ROLE: 'worker',
    DATABASE_URL: databaseUrl,
    ...shopifyEnv(shopUrl),
  });
  const queued = async () => {
    const [{ waiting }] = await oneRow<{ waiting: number }>(
      handle,
      sql`SELECT count(*)::int AS waiting FROM pgboss.job
        WHERE name = ${PAID_ORDER_QUEUE} AND state IN ('created', 'retry', 'active')`,
    );
    return waiting;
  };
  try {
    await waitUntil(
      async () => {
        if (worker.child.exitCode !== null) throw new Error(`the worker quit: ${worker.output()}`);
        return (await queued()) === 0;
      },
      worker.output,
      10 * 60_000,
    );
  } finally {
    await worker.stop();
  }
  const [{ jobs, failed, seconds }] = await oneRow<{
    jobs: number;
    failed: number;
    seconds: number;
  }>(
    handle,
    sql`SELECT count(*)::int AS jobs, (count(*) FILTER (WHERE state = 'failed'))::int AS failed,
      extract(epoch FROM max(completed_on) - min(started_on))::float AS seconds
    FROM pgboss.job WHERE name = ${PAID_ORDER_QUEUE}`,
  );
  return { perSecond: jobs / seconds, jobs, failedJobs: failed };
}

interface ReadFigures {
  engine: string;
  templates: autocannon.Result;
  activity: autocannon.Result;
}

async function dashboardReads(url: string, engine: string): Promise<ReadFigures> {
  const cookie = await signIn(url);
  return {
    engine,
    templates: await readLoad(url, cookie, '/api/templates'),
    activity: await readLoad(url, cookie, '/api/activity'),
  };
}

async function onPostgres(shopUrl: string): Promise<{
  ingest: IngestResult;
  recording: Recording;
  recorded: Recorded;
  reads: ReadFigures;
}> {
  const database = await createPostgresDatabase(`thankly_bench_${process.pid}`);
  let handle: DatabaseHandle | undefined;
  let api: ServerProcess | undefined;
  try {
    handle = await openServerDatabase(database.url, 2);
    const { shopId } = await seedSeller(handle.db);
    const started = await startApi({ ROLE: 'api', DATABASE_URL: database.url }, shopUrl);
    api = started.server;
    await pauseSending(started.url, await signIn(started.url));
    const ingest = await fireDeliveries(started.url);
    const recording = await recordQueuedOrders(handle, database.url, shopUrl);
    const recorded = await countRecorded(handle, shopId);
    const reads = await dashboardReads(started.url, 'PostgreSQL');
    return { ingest, recording, recorded, reads };
  } finally {
    await api?.stop();
    await handle?.close();
    await database.drop();
  }
}

interface Recorded {
  rows: number;
  /** The marketplace order ids recorded, each once however many rows it has. */
  orderIds: Set<string>;
}

async function countRecorded(handle: DatabaseHandle, shopId: string): Promise<Recorded> {
  const rows = await handle.db
    .select({ orderId: orderEmails.marketplaceOrderId })
    .from(orderEmails)
    .where(and(eq(orderEmails.shopId, shopId), notLike(orderEmails.marketplaceOrderId, 'seed-%')));
  return { rows: rows.length, orderIds: new Set(rows.map((row) => row.orderId)) };
}

async function onEmbedded(shopUrl: string): Promise<ReadFigures> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'thankly-bench-'));
  let api: ServerProcess | undefined;
  try {
    // Seeded before the server starts: the embedded database belongs to one process at a time.
    const handle = await openEmbeddedDatabase(path.join(dataDir, 'pglite'));
    await seedSeller(handle.db);
    await handle.close();
    const started = await startApi({ ROLE: 'all', DATA_DIR: dataDir }, shopUrl);
    api = started.server;
    return await dashboardReads(started.url, 'embedded (PGlite)');
  } finally {
    await api?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Every order whose delivery was answered 2xx has exactly one row. A delivery still in flight when
 * the time bound stopped the run may have been recorded without its answer being seen: such rows
 * are allowed, but never a second row for an order.
 */
function exactlyOnceGoal(ingest: IngestResult, recorded: Recorded, recording: Recording): Goal {
  const missing = [...ingest.answeredOrderIds].filter((id) => !recorded.orderIds.has(id));
  const duplicates = recorded.rows - recorded.orderIds.size;
  return {
    label: 'every delivered order recorded exactly once',
    isMet: missing.length === 0 && duplicates === 0 && recording.failedJobs === 0,
    detail: `${ingest.answeredOrderIds.size} distinct orders answered 2xx, ${missing.length} of them not recorded; ${recorded.rows} rows, ${duplicates} duplicates; ${recording.failedJobs} jobs failed`,
  };
}

export async function run(): Promise<void> {
  console.log(
    `\n== ${name}: up to ${DELIVERIES} Shopify deliveries or ${MAX_SECONDS} s, ${CONNECTIONS} connections, one API process`,
  );
  const shopify = await startShopifyAdminStandIn();
  try {
    const { ingest, recording, recorded, reads } = await onPostgres(shopify.shopUrl);
    const embedded = await onEmbedded(shopify.shopUrl);
    const { result } = ingest;
    const failed = result.non2xx + result.errors + result.timeouts;
    console.log(
      `webhook deliveries (PostgreSQL): ${ingest.answers} answered in ${result.duration.toFixed(1)} s, ${describeLoad(result)}`,
    );
    console.log(
      `queued orders recorded by one worker: ${recording.jobs} jobs at ${recording.perSecond.toFixed(0)} orders/s, ${recording.failedJobs} failed`,
    );
    console.log(
      `recorded: ${recorded.rows} rows for ${recorded.orderIds.size} distinct orders; ${ingest.answeredOrderIds.size} distinct orders delivered (answered 2xx); Shopify stand-in asked ${shopify.calls()} times`,
    );
    for (const figures of [reads, embedded]) {
      console.log(`GET /api/templates (${figures.engine}): ${describeLoad(figures.templates)}`);
      console.log(`GET /api/activity  (${figures.engine}): ${describeLoad(figures.activity)}`);
    }
    printGoals([
      {
        label: 'webhook ingest on PostgreSQL: >= 1,000 deliveries/s, p99 < 50 ms, no errors',
        isMet: result.requests.average >= 1_000 && result.latency.p99 < 50 && failed === 0,
        detail: `${result.requests.average.toFixed(0)}/s, p99 ${result.latency.p99} ms, ${failed} errors`,
      },
      exactlyOnceGoal(ingest, recorded, recording),
    ]);
  } finally {
    await shopify.close();
  }
}
