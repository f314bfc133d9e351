// Issue 8: 10,000 paid orders across 1,000 demo shops through the whole pipeline (claim, decide under
// the seller lock, render, SMTP, record) with one and with two worker processes on PostgreSQL, next
// to the raw rate at which nodemailer alone hands the same email to the same local SMTP sink.
// Goals (issue 19): one worker reaches at least 50% of the raw SMTP rate, two workers at least 1.7x
// one, and a worker's resident memory after the 10,000 orders stays under 200 MB. Misses are
// printed, never thrown.
import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { cpus } from 'node:os';
import { createDefaultTemplate, renderEmailForOrder, sampleTokenValues } from '@thankly/email';
import { inArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import {
  orderEmails,
  shops,
  templateSelections,
  templates,
  users,
} from '../../apps/server/src/infrastructure/db/schema.ts';
import { createServerDatabase } from '../../apps/server/test/support/pipeline-fixtures.ts';
import { spawnServer, waitUntil } from '../../apps/server/test/support/server-process.ts';
import { printGoals } from '../lib/measure.ts';

export const name = 'sending pipeline (apps/server)';

const SHOPS = Number(process.env.BENCH_SHOPS ?? 1_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);

/** A sink that accepts and discards: the benchmark measures the sender, not the receiver. */
async function startCountingSink(): Promise<{
  url: string;
  count: () => number;
  close: () => Promise<void>;
}> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    count: () => received,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

async function rawSmtpRate(url: string, count: number): Promise<number> {
  const { design, subject } = createDefaultTemplate();
  const email = renderEmailForOrder(design, subject, sampleTokenValues);
  const transport = nodemailer.createTransport(`${url}?pool=true`);
  const started = performance.now();
  const pending: Array<Promise<unknown>> = [];
  for (let i = 0; i < count; i++) {
    pending.push(
      transport.sendMail({
        from: 'Shop <hello@thankly.local>',
        to: `buyer-${i}@example.com`,
        ...email,
      }),
    );
  }
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  return count / seconds;
}

export type Database = Awaited<ReturnType<typeof createServerDatabase>>;

export async function seed(database: Database, orders = ORDERS, shopCount = SHOPS): Promise<void> {
  const { db } = database.handle;
  const { design } = createDefaultTemplate();
  const html = '<!doctype html>';
  const sellerIds: string[] = [];
  for (let start = 0; start < shopCount; start += 500) {
    const batch = Array.from({ length: Math.min(500, shopCount - start) }, (_, i) => ({
      name: `Seller ${start + i}`,
      email: `seller-${start + i}-${randomUUID()}@example.com`,
      passwordHash: 'x',
      plan: 'business' as const,
      emailVerifiedAt: new Date(),
    }));
    sellerIds.push(
      ...(await db.insert(users).values(batch).returning({ id: users.id })).map((r) => r.id),
    );
  }
  const templateRows = await db
    .insert(templates)
    .values(
      sellerIds.map((userId) => ({
        userId,
        name: 'Thanks',
        subject: 'Thank you, [customer-first-name|friend]!',
        design,
        html,
      })),
    )
    .returning({ id: templates.id, userId: templates.userId });
  await db
    .insert(templateSelections)
    .values(templateRows.map((t) => ({ userId: t.userId, templateId: t.id })));
  const shopRows = await db
    .insert(shops)
    .values(
      sellerIds.map((userId, i) => ({
        userId,
        marketplace: 'demo' as const,
        externalId: `bench-${i}-${randomUUID()}`,
        name: `Shop ${i}`,
      })),
    )
    .returning({ id: shops.id, userId: shops.userId });
  const now = new Date().toISOString();
  for (let start = 0; start < orders; start += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, orders - start) }, (_, i) => {
      const shop = shopRows[(start + i) % shopRows.length]!;
      const id = randomUUID();
      return {
        userId: shop.userId,
        shopId: shop.id,
        marketplaceOrderId: id,
        orderNumber: id.slice(0, 8),
        buyerName: 'Pat Buyer',
        buyerEmail: `buyer-${id}@example.com`,
        order: {
          externalId: id,
          orderNumber: id.slice(0, 8),
          isPaid: true,
          buyerName: 'Pat Buyer',
          buyerFirstName: null,
          buyerLastName: null,
          buyerEmail: `buyer-${id}@example.com`,
          createdAt: now,
          updatedAt: now,
          productTitles: ['Mug'],
          total: { amount: 1200, divisor: 100, currency: 'USD' },
          trackingUrl: null,
        },
        // Held back until the workers are up, so start-up is not timed.
        nextAttemptAt: new Date('2999-01-01T00:00:00Z'),
      };
    });
    await db.insert(orderEmails).values(rows);
  }
}

/** A process's resident set and its peak, in MB, as Linux reports them. */
async function residentMb(pid: number): Promise<{ now: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** CPU time the whole machine has spent busy and in all, in clock ticks, from /proc/stat. */
async function machineTicks(): Promise<{ busy: number; total: number }> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n', 1)[0]!;
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = ticks[3]! + ticks[4]!; // idle and iowait
  const total = ticks.reduce((sum, n) => sum + n, 0);
  return { busy: total - idle, total };
}

/** Linux counts process CPU time in ticks of 1/100 s (USER_HZ). */
const MS_PER_TICK = 10;

/** CPU time (user and system) a process has used so far, in ms, from /proc/<pid>/stat. */
async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The name in parentheses may hold spaces; the fields after it are fixed: utime, stime are 14, 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

/**
 * CPU time so far of each PostgreSQL backend serving `database`, by pid. A backend's process title
 * names its database (`postgres: user database host(port) state`), so other databases on the same
 * server (other tests, other benchmarks) are not counted.
 */
async function backendsCpuMs(database: string): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).replaceAll('\0', ' ');
      if (!title.startsWith('postgres: ') || !title.split(' ').includes(database)) continue;
      found.set(Number(entry), await processCpuMs(Number(entry)));
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/** CPU the backends used between two readings; one that opened in between started at zero. */
function backendsCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, ms] of after) used += ms - (before.get(pid) ?? 0);
  return used;
}

export interface PipelineRun {
  workers: number;
  /** Orders per second from their release to the last one settled, as the goals count them. */
  rate: number;
  /**
   * Orders per second from the first claim to the last send: the rate without the wait for an
   * idle worker's next look at the queue (up to a second) and the poll that sees the end.
   */
  sendingRate: number;
  /**
   * CPU time per order, in ms, while the orders went out: the workers together, and the
   * PostgreSQL backends serving this run's database. Unlike the rate, CPU time hardly changes
   * when other work shares the machine, so it compares code on a busy machine.
   */
  cpuMsPerOrder: { workers: number; postgres: number };
  /** How busy the machine's cores were while the orders went out (1 = every core, all the time). */
  machineBusy: number;
  /** Each worker's memory once every order is settled, before it stops. */
  memory: Array<{ now: number; peak: number }>;
}

export async function runPipeline(
  database: Database,
  sinkUrl: string,
  workers: number,
  { orders = ORDERS, env: extraEnv = {} }: { orders?: number; env?: Record<string, string> } = {},
): Promise<PipelineRun> {
  const env = {
    ROLE: 'worker',
    NODE_ENV: 'production',
    ALLOW_DEMO_SHOP: 'true',
    APP_SECRET: 'b'.repeat(64),
    // Production refuses to start without an https APP_URL and a real sender domain.
    APP_URL: 'https://app.thankly.io',
    MAIL_FROM: 'Thankly <notes@mail.thankly.io>',
    SUPPORT_EMAIL: 'support@thankly.io',
    DATABASE_URL: database.url,
    SMTP_URL: sinkUrl,
    // Info, so the "worker started" line (which obeys LOG_LEVEL like every line) tells us each
    // worker is up; the sender logs nothing per order at this level.
    LOG_LEVEL: 'info',
    ...extraEnv,
  };
  const processes = Array.from({ length: workers }, () => spawnServer(env));
  await waitUntil(
    async () => processes.every((p) => p.output().includes('Thankly worker started')),
    () => processes.map((p) => p.output()).join('\n'),
  );
  const { db } = database.handle;
  const countWhere = async (statuses: Array<'pending' | 'sending' | 'sent'>) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderEmails)
      .where(inArray(orderEmails.status, statuses));
    return row!.n;
  };
  const remaining = () => countWhere(['pending', 'sending']);
  const databaseName = new URL(database.url).pathname.slice(1);
  const workersCpu = () => Promise.all(processes.map((p) => processCpuMs(p.child.pid!)));
  const workersCpuBefore = await workersCpu();
  const postgresCpuBefore = await backendsCpuMs(databaseName);
  const started = performance.now();
  const ticksBefore = await machineTicks();
  await db.execute(sql`UPDATE order_emails SET next_attempt_at = now()`);
  await waitUntil(
    async () => (await remaining()) === 0,
    async () => `${await remaining()} left`,
    600_000,
  );
  const seconds = (performance.now() - started) / 1000;
  const ticksAfter = await machineTicks();
  const machineBusy = (ticksAfter.busy - ticksBefore.busy) / (ticksAfter.total - ticksBefore.total);
  const workersCpuAfter = await workersCpu();
  const postgresCpu = backendsCpuBetween(postgresCpuBefore, await backendsCpuMs(databaseName));
  const cpuMsPerOrder = {
    workers: workersCpuAfter.reduce((sum, ms, i) => sum + ms - workersCpuBefore[i]!, 0) / orders,
    postgres: postgresCpu / orders,
  };
  const memory = await Promise.all(processes.map((p) => residentMb(p.child.pid!)));
  await Promise.all(processes.map((p) => p.stop()));
  const sent = await countWhere(['sent']);
  if (sent !== orders) throw new Error(`expected ${orders} sent, got ${sent}`);
  const [span] = await db
    .select({
      seconds: sql<number>`extract(epoch from max(${orderEmails.sentAt}) - min(${orderEmails.claimedAt}))::float8`,
    })
    .from(orderEmails);
  return {
    workers,
    rate: orders / seconds,
    sendingRate: orders / span!.seconds,
    cpuMsPerOrder,
    machineBusy,
    memory,
  };
}

/** The CPU a run took per order, as the benchmarks print it. */
export function describeCpu({ workers, postgres }: PipelineRun['cpuMsPerOrder']): string {
  return `CPU per order: workers ${workers.toFixed(2)} ms, PostgreSQL ${postgres.toFixed(2)} ms`;
}

export async function run(): Promise<void> {
  console.log(`\n== ${name}: ${ORDERS} orders across ${SHOPS} shops, PostgreSQL server`);
  const sink = await startCountingSink();
  try {
    // The raw rate is taken right before and right after the one-worker run and averaged: this
    // machine's speed drifts over minutes, and the ratio must compare the same minutes.
    const rawRates: number[] = [];
    const measureRaw = async () => {
      rawRates.push(await rawSmtpRate(sink.url, Math.min(ORDERS, 5_000)));
    };
    const results: PipelineRun[] = [];
    for (const workers of [1, 2]) {
      const database = await createServerDatabase();
      try {
        await seed(database);
        if (workers === 1) await measureRaw();
        results.push(await runPipeline(database, sink.url, workers));
        if (workers === 1) await measureRaw();
      } finally {
        await database.drop();
      }
    }
    const raw = (rawRates[0]! + rawRates[1]!) / 2;
    console.log(
      `raw SMTP (nodemailer pooled, same email, same sink): ${raw.toFixed(0)} messages/s (${rawRates.map((r) => r.toFixed(0)).join(' before, ')} after the one-worker run)`,
    );
    for (const { workers, rate, cpuMsPerOrder, machineBusy, memory } of results) {
      const rss = memory.map((m) => `${m.now.toFixed(0)} MB (peak ${m.peak.toFixed(0)} MB)`);
      console.log(
        `pipeline, ${workers} worker${workers > 1 ? 's' : ''}: ${rate.toFixed(0)} orders/s (${((rate / raw) * 100).toFixed(0)}% of raw SMTP); ${cpus().length} cores ${(machineBusy * 100).toFixed(0)}% busy (workers, PostgreSQL and the sink together); ${describeCpu(cpuMsPerOrder)}; worker RSS after: ${rss.join(', ')}`,
      );
    }
    const [one, two] = results as [PipelineRun, PipelineRun];
    const oneRss = one.memory[0]!.now;
    printGoals([
      {
        label: 'pipeline with 1 worker reaches 50% of raw SMTP',
        isMet: one.rate >= raw * 0.5,
        detail: `${one.rate.toFixed(0)} / ${raw.toFixed(0)} = ${((one.rate / raw) * 100).toFixed(0)}%`,
      },
      {
        label: 'two workers reach 1.7x one worker',
        isMet: two.rate >= one.rate * 1.7,
        detail: `${two.rate.toFixed(0)} / ${one.rate.toFixed(0)} = ${(two.rate / one.rate).toFixed(2)}x`,
      },
      {
        label: `a worker's RSS after ${ORDERS} orders stays under 200 MB`,
        isMet: oneRss < 200,
        detail: `${oneRss.toFixed(0)} MB (peak ${one.memory[0]!.peak.toFixed(0)} MB)`,
      },
    ]);
  } finally {
    await sink.close();
  }
}
