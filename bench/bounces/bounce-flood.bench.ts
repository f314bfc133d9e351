// Issue 33: the bounce listener flooded with reports while /api/health is asked what it always is.
// One built server in production mode runs the API and the listener in one process (ROLE=all, the
// case where a report's parsing shares the API's event loop), on the embedded database and on
// PostgreSQL, on loopback. Several peers (each its own loopback address) hand it, as fast as it
// answers: genuine DSNs to the signed return paths of sent emails, each listing thousands of
// failures; forged ones to the feedback-loop address quoting made-up order ids; and the 470 KB
// report of 16,000 failures. Bounded by count and time. Goal (reported, never enforced):
// /api/health p99 < 100 ms during the flood.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { mailEvents, orderEmails } from '../../apps/server/src/infrastructure/db/schema.ts';
import { returnPathFor } from '../../apps/server/src/buyer-email/return-path.ts';
import { orderMessageId } from '../../apps/server/src/buyer-email/order-message-id.ts';
import {
  gmailDsn,
  postfixDsn,
  withFailures,
} from '../../apps/server/test/support/bounce-reports.ts';
import { freePort, startBenchApi } from '../lib/api-process.ts';
import { type Goal, printGoals } from '../lib/measure.ts';
import { APP_SECRET } from '../ingest/seed.ts';
import { type SeededEngine, onEmbedded, onPostgres } from '../lib/seeded-engines.ts';

export const name = 'bounce listener flooded with reports (apps/server)';

const SECONDS = Number(process.env.BENCH_BOUNCES_SECONDS ?? 8);
/** Each peer sends at most this many messages, whatever the time. */
const PER_PEER = 80;
const PEERS = 6;
const HEALTH_P99_GOAL_MS = 100;
const BOUNCE_DOMAIN = 'bounces.thankly.io';
const FEEDBACK_LOOP = `fbl@${BOUNCE_DOMAIN}`;
const HOST = 'app.thankly.io';

interface Report {
  to: string;
  raw: string;
}

/** The flood, made once: a genuine, a forged and an oversized report in turn. */
function reports(orderIds: string[]): Report[] {
  const made: Report[] = [];
  for (const [i, id] of orderIds.entries()) {
    const returnPath = returnPathFor(id, APP_SECRET, BOUNCE_DOMAIN);
    const returned = {
      to: returnPath,
      returnPath,
      messageId: orderMessageId(id, APP_SECRET, HOST),
      recipient: `buyer-${id}@example.com`,
      reportId: `<bench-${i}@mx.example.net>`,
    };
    made.push({ to: returnPath, raw: withFailures(postfixDsn(returned), 3_500) });
    const invented = {
      to: FEEDBACK_LOOP,
      messageId: `<order-${randomUUID()}@x>`,
      recipient: 'a@b',
    };
    made.push({ to: FEEDBACK_LOOP, raw: withFailures(gmailDsn(invented), 3_000) });
    if (i % 4 === 0)
      made.push({
        to: FEEDBACK_LOOP,
        raw: withFailures(gmailDsn(invented), 16_000),
      });
  }
  return made;
}

interface Flood {
  /** SMTP replies by code (250 taken, 450 held back, 552 too big), and failures without a code. */
  replies: Map<string, number>;
  sent: number;
}

/** One peer delivering its share of reports, one after another, until time or count runs out. */
async function peer(
  address: string,
  port: number,
  share: Report[],
  until: number,
  flood: Flood,
): Promise<void> {
  for (const report of share) {
    if (Date.now() >= until) return;
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      ignoreTLS: true,
      localAddress: address,
    });
    const code = await transport
      .sendMail({ envelope: { from: '', to: [report.to] }, raw: report.raw })
      .then(
        () => '250',
        (error: { responseCode?: number; code?: string }) =>
          String(error.responseCode ?? error.code ?? 'error'),
      );
    transport.close();
    flood.sent++;
    flood.replies.set(code, (flood.replies.get(code) ?? 0) + 1);
  }
}

/** /api/health asked one request at a time until `done`, each answer's latency kept. */
async function healthLatencies(url: string, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.then(() => (finished = true));
  const latencies: number[] = [];
  while (!finished) {
    const started = performance.now();
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`/api/health answered ${response.status}`);
  }
  return latencies;
}

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * fraction) - 1))] ?? NaN;

interface Figures {
  engine: string;
  idle: number[];
  during: number[];
  flood: Flood;
  seconds: number;
  events: number;
}

async function measureEngine(seeded: SeededEngine): Promise<Figures> {
  const ids = (
    await seeded.handle.db
      .select({ id: orderEmails.id })
      .from(orderEmails)
      .where(eq(orderEmails.shopId, seeded.shopId))
  ).map((row) => row.id);
  await seeded.handOver();
  const smtpPort = await freePort();
  const api = await startBenchApi(APP_SECRET, {
    ROLE: 'all',
    BOUNCE_DOMAIN,
    BOUNCE_SMTP_HOST: '127.0.0.1',
    BOUNCE_SMTP_PORT: String(smtpPort),
    ...seeded.databaseEnv,
  });
  let measured: Omit<Figures, 'events'>;
  try {
    const idle = await healthLatencies(api.url, new Promise((r) => setTimeout(r, 1_000)));
    const all = reports(ids);
    const flood: Flood = { replies: new Map(), sent: 0 };
    const started = Date.now();
    const until = started + SECONDS * 1000;
    // Each peer goes round the reports from its own place: past 60 a minute it is held back.
    const shareOf = (p: number) =>
      Array.from({ length: PER_PEER }, (_, k) => all[(p + k * PEERS) % all.length]!);
    const peers = Promise.all(
      Array.from({ length: PEERS }, (_, p) =>
        peer(`127.0.1.${p + 1}`, smtpPort, shareOf(p), until, flood),
      ),
    );
    const during = await healthLatencies(api.url, peers);
    await peers;
    const seconds = (Date.now() - started) / 1000;
    measured = { engine: seeded.engine, idle, during, flood, seconds };
  } finally {
    await api.server.stop();
  }
  const { db } = await seeded.reopen();
  return { ...measured, events: (await db.select({ id: mailEvents.id }).from(mailEvents)).length };
}

const latency = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms over ${sorted.length} requests`;
};

function describe(figures: Figures): string {
  const replies = [...figures.flood.replies].map(([code, n]) => `${n}× ${code}`).join(', ');
  return (
    `${figures.flood.sent} reports from ${PEERS} peers in ${figures.seconds.toFixed(1)} s (${replies}), ` +
    `${figures.events} mail events recorded; /api/health idle ${latency(figures.idle)}; during ${latency(figures.during)}`
  );
}

function goal(figures: Figures): Goal {
  const sorted = [...figures.during].sort((a, b) => a - b);
  return {
    label: `/api/health p99 < ${HEALTH_P99_GOAL_MS} ms while the bounce listener is flooded (${figures.engine})`,
    isMet: percentile(sorted, 0.99) < HEALTH_P99_GOAL_MS,
    detail: describe(figures),
  };
}

export async function run(): Promise<void> {
  console.log(
    `\n== ${name}: up to ${SECONDS} s, ${PEERS} peers × ${PER_PEER} reports, API and listener in one process`,
  );
  const embedded = await onEmbedded('bounces', measureEngine);
  const postgres = await onPostgres('bounces', measureEngine);
  for (const figures of [embedded, postgres])
    console.log(`${figures.engine}: ${describe(figures)}`);
  printGoals([goal(embedded), goal(postgres)]);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
