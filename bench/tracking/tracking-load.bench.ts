// Issue 18: the open pixel and the click redirect of thank-you emails under load, fired with
// autocannon at one API process (its own child process) on loopback, on PostgreSQL and on the
// embedded database. Every request carries a genuine token of a sent email, so each one is
// verified, classified and recorded as in production. Goals (reported, never enforced):
// pixel >= 2,000 req/s with p99 < 20 ms, click >= 1,500 req/s with p99 < 25 ms, on PostgreSQL,
// with every answer the expected one (200 GIF, 302 redirect).
//
// Requests come from 4,096 client addresses (X-Forwarded-For through one trusted proxy hop), as
// buyers' mail apps and browsers do, so the per-client limit of /api/t/* does not stand in the way
// of a realistic load. Issue 33 adds the attack: one client hammering one pixel and one link as
// fast as it can (it is limited: 429 for the pixel, uncounted redirects for the link). Through every
// run a prober asks /api/health one request at a time: goal p99 < 100 ms while tracking is hammered.
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../apps/server/src/infrastructure/db/database.ts';
import { orderEmails } from '../../apps/server/src/infrastructure/db/schema.ts';
import { clickToken, openToken } from '../../apps/server/src/insights/tracking-tokens.ts';
import { startBenchApi } from '../lib/api-process.ts';
import { type Goal, printGoals } from '../lib/measure.ts';
import { APP_SECRET } from '../ingest/seed.ts';
import { type SeededEngine, onEmbedded, onPostgres } from '../lib/seeded-engines.ts';

export const name = 'tracking pixel and clicks under load (apps/server)';

const SECONDS = Number(process.env.BENCH_TRACKING_SECONDS ?? 5);
const CONNECTIONS = 16;
/** Sent emails seeded: enough that the realistic runs stay under the events stored per email. */
const EMAILS = 2_000;
const CLIENT_ADDRESSES = 4_096;
/** A pause between health probes, so the prober measures the server without loading it. */
const PROBE_PAUSE_MS = 10;
const HEALTH_P99_GOAL_MS = 100;
const SHOP_LINK = 'https://bench-pottery.example.com/collections/new?utm_source=thankly';
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const GOALS = {
  pixel: { requestsPerSecond: 2_000, p99Ms: 20 },
  click: { requestsPerSecond: 1_500, p99Ms: 25 },
};

async function startApi(database: Record<string, string>) {
  // One proxy hop (the load generator) is trusted, so X-Forwarded-For names the client.
  const { url, server } = await startBenchApi(APP_SECRET, { ...database, TRUST_PROXY: '1' });
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
  /** /api/health one request at a time during the run. */
  health: HealthFigures;
}

interface HealthFigures {
  probes: number;
  p99Ms: number;
  failures: number;
}

const clientAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** Asks /api/health one request at a time until `stop` resolves. */
async function probeHealth(url: string, stop: Promise<unknown>): Promise<HealthFigures> {
  let stopped = false;
  void stop.finally(() => (stopped = true));
  const durations: number[] = [];
  let failures = 0;
  while (!stopped) {
    const start = performance.now();
    const response = await fetch(`${url}/api/health`).catch(() => undefined);
    durations.push(performance.now() - start);
    if (response?.status !== 200) failures++;
    await response?.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, PROBE_PAUSE_MS));
  }
  durations.sort((a, b) => a - b);
  const p99 = durations[Math.max(0, Math.ceil(durations.length * 0.99) - 1)] ?? Number.NaN;
  return { probes: durations.length, p99Ms: Math.round(p99 * 10) / 10, failures };
}

/**
 * Fires `paths` in turn for SECONDS over CONNECTIONS connections, from many clients (each
 * request from the next of CLIENT_ADDRESSES) or from one.
 */
async function fire(
  url: string,
  paths: string[],
  expectedStatuses: number[],
  clients: 'many' | 'one' = 'many',
): Promise<Load> {
  let next = 0;
  let unexpected = 0;
  const load = new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { 'user-agent': BROWSER },
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              const n = next++;
              return {
                ...request,
                path: paths[n % paths.length]!,
                headers: {
                  ...request.headers,
                  'x-forwarded-for': clientAddress(clients === 'one' ? 1 : n % CLIENT_ADDRESSES),
                },
              };
            },
            onResponse: (status) => {
              if (!expectedStatuses.includes(status)) unexpected++;
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  const [result, health] = await Promise.all([load, probeHealth(url, load)]);
  return { result, unexpected, health };
}

const describe = ({ result, unexpected }: Load) =>
  `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
  `${unexpected} unexpected answers, ${result.errors} errors`;

const describeHealth = ({ health }: Load) =>
  `/api/health p99 ${health.p99Ms} ms over ${health.probes} probes, ${health.failures} failed`;

interface Figures {
  engine: string;
  pixel: Load;
  click: Load;
  /** One client hammering one pixel: the image until its limit, 429 past it. */
  onePixel: Load;
  /** One client hammering one link: past its limit, still redirected, uncounted. */
  oneLink: Load;
}

async function measureEngine(seeded: SeededEngine): Promise<Figures> {
  const paths = await trackingPaths(seeded.handle, seeded.shopId);
  await seeded.handOver();
  // The embedded database belongs to one process: the API's runs its workers too.
  const role = seeded.engine === 'PostgreSQL' ? 'api' : 'all';
  const api = await startApi({ ROLE: role, ...seeded.databaseEnv });
  try {
    const pixel = await fire(api.url, paths.pixels, [200]);
    const click = await fire(api.url, paths.clicks, [302]);
    const onePixel = await fire(api.url, paths.pixels.slice(0, 1), [200, 429], 'one');
    const oneLink = await fire(api.url, paths.clicks.slice(0, 1), [302], 'one');
    return { engine: seeded.engine, pixel, click, onePixel, oneLink };
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
  const postgres = await onPostgres('tracking', measureEngine, { orders: EMAILS });
  const embedded = await onEmbedded('tracking', measureEngine, { orders: EMAILS });
  for (const figures of [postgres, embedded]) {
    for (const [label, load] of [
      ['open pixel', figures.pixel],
      ['click redirect', figures.click],
      ['one client hammering one pixel', figures.onePixel],
      ['one client hammering one link', figures.oneLink],
    ] as const) {
      console.log(`${label} (${figures.engine}): ${describe(load)}; ${describeHealth(load)}`);
    }
  }
  printGoals([
    goal('open pixel on PostgreSQL', postgres.pixel, GOALS.pixel),
    goal('click redirect on PostgreSQL', postgres.click, GOALS.click),
    ...[postgres, embedded].map((figures): Goal => ({
      label: `/api/health p99 < ${HEALTH_P99_GOAL_MS} ms while tracking is hammered (${figures.engine})`,
      isMet: [figures.pixel, figures.click, figures.onePixel, figures.oneLink].every(
        (load) => load.health.p99Ms < HEALTH_P99_GOAL_MS && load.health.failures === 0,
      ),
      detail: `worst p99 ${Math.max(
        ...[figures.pixel, figures.click, figures.onePixel, figures.oneLink].map(
          (load) => load.health.p99Ms,
        ),
      )} ms`,
    })),
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
