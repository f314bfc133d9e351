// A small timing harness: warm up, then time every call, and report throughput, percentiles and
// memory. Every reference is measured in the same process and run, so ratios compare like with like.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sectionLoadSoFar } from './machine-load.ts';

// The bench script runs without --expose-gc; this exposes it so memory is read after a collection.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

export interface MeasureOptions {
  /** Untimed calls first, so the JIT has compiled the hot paths. */
  warmupMs?: number;
  /** Keep calling for at least this long... */
  minTimeMs?: number;
  /** ...and at least this many times. */
  minIterations?: number;
}

export interface Measurement {
  name: string;
  iterations: number;
  rendersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Peak heap growth above the starting heap while rendering (garbage included). */
  heapPeakGrowthMb: number;
  /** Heap still held after the run and a full collection: what a long-running sender would keep. */
  heapRetainedKb: number;
  outputBytes: number;
}

function percentile(sorted: Float64Array, fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

type Render = () => string | Promise<string>;

export async function measure(
  name: string,
  render: Render,
  options: MeasureOptions = {},
): Promise<Measurement> {
  const { warmupMs = 500, minTimeMs = 2_000, minIterations = 50 } = options;
  const first = await render();
  const isAsync = render() instanceof Promise;

  const warmupEnd = performance.now() + warmupMs;
  while (performance.now() < warmupEnd) await (isAsync ? render() : Promise.resolve(render()));

  collectGarbage();
  const heapStart = process.memoryUsage().heapUsed;
  let heapPeak = heapStart;
  const durations: number[] = [];
  const start = performance.now();
  const end = start + minTimeMs;
  // Sync renders are timed without awaiting, so a microtask hop is not counted against them.
  while (performance.now() < end || durations.length < minIterations) {
    const before = performance.now();
    if (isAsync) await render();
    else render();
    durations.push(performance.now() - before);
    if (durations.length % 64 === 0) heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }
  const elapsedMs = performance.now() - start;
  collectGarbage();
  const heapEnd = process.memoryUsage().heapUsed;

  const sorted = Float64Array.from(durations).sort();
  return {
    name,
    iterations: durations.length,
    rendersPerSecond: (durations.length * 1000) / elapsedMs,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    heapPeakGrowthMb: (heapPeak - heapStart) / 1024 / 1024,
    heapRetainedKb: Math.max(0, heapEnd - heapStart) / 1024,
    outputBytes: Buffer.byteLength(first),
  };
}

function formatNumber(value: number, digits: number): string {
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

export function printTable(title: string, rows: readonly Measurement[]): void {
  console.log(`\n${title}`);
  const header = [
    'renderer',
    'renders/s',
    'p50 ms',
    'p99 ms',
    'runs',
    'heap peak +MB',
    'retained KB',
    'html bytes',
  ];
  const lines = rows.map((row) => [
    row.name,
    formatNumber(row.rendersPerSecond, 0),
    formatNumber(row.p50Ms, 3),
    formatNumber(row.p99Ms, 3),
    formatNumber(row.iterations, 0),
    formatNumber(row.heapPeakGrowthMb, 1),
    formatNumber(row.heapRetainedKb, 0),
    formatNumber(row.outputBytes, 0),
  ]);
  const widths = header.map((cell, i) =>
    Math.max(cell.length, ...lines.map((line) => line[i]!.length)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ');
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

export interface Goal {
  label: string;
  isMet: boolean;
  detail: string;
}

/** Goals are reported, never enforced: a miss prints MISS and the run still exits 0. */
/**
 * PASS or MISS; NOISY instead when other work took more than its share of the machine while the
 * section ran (machine-load.ts). Sizes, which load cannot change, are judged without it.
 */
export function verdict(isMet: boolean): string {
  const plain = isMet ? 'PASS' : 'MISS';
  return sectionLoadSoFar()?.isNoisy ? `NOISY (would ${plain})` : plain;
}

/** The section's goals, each with its verdict and its figures. */
export function printGoals(goals: readonly Goal[]): void {
  console.log('\nGoals');
  for (const goal of goals) console.log(`${verdict(goal.isMet)}  ${goal.label}: ${goal.detail}`);
}
