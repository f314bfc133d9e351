// Issue 40 point 1: the sender against a relay like the real ones, which answer each message in
// 50–300 ms and cap an account's connections, so a real sender is bound by the relay, not by CPU.
// The relay stand-in takes 150 ms per message. With 20 connections allowed and
// SMTP_MAX_CONNECTIONS=20, one worker should reach at least 90 % of the relay's ceiling
// (20 / 0.15 s ≈ 133 messages/s); with 40 allowed, two workers of 20 connections each at least
// 1.8× one worker. Misses are printed, never thrown.
import {
  startRelayStandIn,
  type RelayStandIn,
} from '../../apps/server/test/support/relay-stand-in.ts';
import { createServerDatabase } from '../../apps/server/test/support/pipeline-fixtures.ts';
import { printGoals } from '../lib/measure.ts';
import { type PipelineRun, describeCpu, runPipeline, seed } from './pipeline.bench.ts';

export const name = 'sending pipeline against a relay with latency and a connection cap';

// Enough orders that the run measures sending, not starting: an idle worker looks at the queue once
// a second, and the end is seen by a poll, together about 1.2 s of each run. Of a 2,000-order run
// (15 s at the ceiling) that alone was 6-8 %, and one worker measured 89 % of the ceiling while
// sending at 95 % of it.
const ORDERS = Number(process.env.BENCH_RELAY_ORDERS ?? 5_000);
const SHOPS = 200;
const LATENCY_MS = Number(process.env.BENCH_RELAY_LATENCY_MS ?? 150);
const CONNECTIONS_PER_WORKER = 20;

async function sendThrough(relay: RelayStandIn, workers: number): Promise<PipelineRun> {
  const database = await createServerDatabase();
  try {
    await seed(database, ORDERS, SHOPS);
    return await runPipeline(database, relay.url, workers, {
      orders: ORDERS,
      env: { SMTP_MAX_CONNECTIONS: String(CONNECTIONS_PER_WORKER) },
    });
  } finally {
    await database.drop();
  }
}

export async function run(): Promise<void> {
  console.log(
    `\n== ${name}: ${ORDERS} orders, ${LATENCY_MS} ms per message, ${CONNECTIONS_PER_WORKER} connections per worker`,
  );
  const ceiling = CONNECTIONS_PER_WORKER / (LATENCY_MS / 1000);

  const capped = await startRelayStandIn({
    latencyMs: LATENCY_MS,
    maxConnections: CONNECTIONS_PER_WORKER,
  });
  let one: PipelineRun;
  try {
    one = await sendThrough(capped, 1);
    console.log(
      `1 worker, relay allows ${CONNECTIONS_PER_WORKER} connections: ${one.rate.toFixed(0)} orders/s of a ${ceiling.toFixed(0)}/s ceiling (${one.sendingRate.toFixed(0)}/s from the first claim to the last send); ${describeCpu(one.cpuMsPerOrder)}; most connections at once ${capped.mostConnections()}; refusals ${JSON.stringify(capped.refused())}`,
    );
  } finally {
    await capped.close();
  }

  const roomy = await startRelayStandIn({
    latencyMs: LATENCY_MS,
    maxConnections: 2 * CONNECTIONS_PER_WORKER,
  });
  let two: PipelineRun;
  try {
    two = await sendThrough(roomy, 2);
    console.log(
      `2 workers, relay allows ${2 * CONNECTIONS_PER_WORKER} connections: ${two.rate.toFixed(0)} orders/s (${two.sendingRate.toFixed(0)}/s from the first claim to the last send); ${describeCpu(two.cpuMsPerOrder)}; most connections at once ${roomy.mostConnections()}; refusals ${JSON.stringify(roomy.refused())}`,
    );
  } finally {
    await roomy.close();
  }

  printGoals([
    {
      label: `1 worker reaches 90% of the relay's ceiling (${CONNECTIONS_PER_WORKER} connections / ${LATENCY_MS} ms)`,
      isMet: one.rate >= ceiling * 0.9,
      detail: `${one.rate.toFixed(0)} / ${ceiling.toFixed(0)} = ${((one.rate / ceiling) * 100).toFixed(0)}%`,
    },
    {
      label: `2 workers with ${2 * CONNECTIONS_PER_WORKER} connections allowed reach 1.8x one worker`,
      isMet: two.rate >= one.rate * 1.8,
      detail: `${two.rate.toFixed(0)} / ${one.rate.toFixed(0)} = ${(two.rate / one.rate).toFixed(2)}x`,
    },
  ]);
}
