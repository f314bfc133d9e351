// Issue 18: the open pixel and the click redirect of thank-you emails under load, fired with
// autocannon at one API process (its own child process) on loopback, on PostgreSQL and on the
// embedded database. Every request carries a genuine token of a sent email, so each one is
// verified, classified and recorded as in production. Goals (reported, never enforced):
// pixel >= 2,000 req/s with p99 < 20 ms, click >= 1,500 req/s with p99 < 25 ms, on PostgreSQL,
// with every answer the expected one (200 GIF, 302 redirect).
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../apps/server/src/db/database.ts';
import { orderEmails } from '../../apps/server/src/db/schema.ts';
import { clickToken, openToken } from '../../apps/server/src/insights/tracking-tokens.ts';
import { startBenchApi } from '../lib/api-process.ts';
import { type Goal, printGoals } from '../lib/measure.ts';
import { APP_SECRET } from '../ingest/seed.ts';
import { type SeededEngine, onEmbedded, onPostgres } from '../lib/seeded-engines.ts';

export const name = 'tracking pixel and clicks under load (apps/server)';

const SECONDS = Number(process.env.BENCH_TRACKING_SECONDS ?? 5);
const CONNECTIONS = 16;
const SHOP_LINK = 'https://bench-pottery.example.com/collections/new?utm_source=thankly';
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const GOALS = {
  pixel: { requestsPerSecond: 2_000, p99Ms: 20 },
  click: { requestsPerSecond: 1_500, p99Ms: 25 },
};

async function startApi(database: Record<string, string>) {
  const { url, server } = await startBenchApi(APP_SECRET, database);
  return Object.assign(server, { url });
}

/** The tracking paths of the seeded (sent) emails: one pixel and one link each. */
async function trackingPaths(handle: DatabaseHandle, shopId: string) {
  const emails = await handle.db
    .select({ id: orderEmails.id })
    .from(orderEmails)
    .where(eq(orderEmails.shopId, shopId));
  return {
    pixels: emails.map(({ id }) => `/api/t/o/${openToken(APP_SECRET, id)}.gif`),
    clicks: emails.map(({ id }) => `/api/t/c/${clickToken(APP_SECRET, id, SHOP_LINK)}`),
  };
}

interface Load {
  result: autocannon.Result;
  /** Answers other than the expected status. */
  unexpected: number;
}

function fire(url: string, paths: string[], expectedStatus: number): Promise<Load> {
  let next = 0;
  let unexpected = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { 'user-agent': BROWSER },
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }),
            onResponse: (status) => {
              if (status !== expectedStatus) unexpected++;
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ result, unexpected })),
    );
  });
}

const describe = ({ result, unexpected }: Load) =>
  `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
  `${unexpected} unexpected answers, ${result.errors} errors`;

interface Figures {
  engine: string;
  pixel: Load;
  click: Load;
}

async function measureEngine(seeded: SeededEngine): Promise<Figures> {
  const paths = await trackingPaths(seeded.handle, seeded.shopId);
  await seeded.handOver();
  // The embedded database belongs to one process: the API's runs its workers too.
  const role = seeded.engine === 'PostgreSQL' ? 'api' : 'all';
  const api = await startApi({ ROLE: role, ...seeded.databaseEnv });
  try {
    const pixel = await fire(api.url, paths.pixels, 200);
    const click = await fire(api.url, paths.clicks, 302);
    return { engine: seeded.engine, pixel, click };
  } finally {
    await api.stop();
  }
}

function goal(
  label: string,
  load: Load,
  target: { requestsPerSecond: number; p99Ms: number },
): Goal {
  const { result, unexpected } = load;
  return {
    label: `${label} >= ${target.requestsPerSecond} req/s, p99 < ${target.p99Ms} ms, every answer as expected`,
    isMet:
      result.requests.average >= target.requestsPerSecond &&
      result.latency.p99 < target.p99Ms &&
      unexpected === 0 &&
      result.errors === 0,
    detail: describe(load),
  };
}

export async function run(): Promise<void> {
  console.log(
    `\n== ${name}: ${SECONDS} s per endpoint, ${CONNECTIONS} connections, one API process`,
  );
  const postgres = await onPostgres('tracking', measureEngine);
  const embedded = await onEmbedded('tracking', measureEngine);
  for (const figures of [postgres, embedded]) {
    console.log(`open pixel (${figures.engine}): ${describe(figures.pixel)}`);
    console.log(`click redirect (${figures.engine}): ${describe(figures.click)}`);
  }
  printGoals([
    goal('open pixel on PostgreSQL', postgres.pixel, GOALS.pixel),
    goal('click redirect on PostgreSQL', postgres.click, GOALS.click),
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
