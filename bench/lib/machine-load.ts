// Whether a benchmark section ran on a quiet machine. A figure taken while other work loads the
// machine is not a measurement, so every section records how much CPU went to anything but the
// benchmark while it ran: other processes (a test run, a build) and time the hypervisor gave to
// other guests (steal). Past NOISY_SHARE the section's goals print NOISY instead of PASS or MISS,
// with the figures still shown.
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';

/** Share of the machine's CPU others may take before a section's figures stop counting. */
export const NOISY_SHARE = 0.2;

/** Linux's USER_HZ: /proc reports CPU time in these ticks (100 on every mainstream kernel). */
const TICKS_PER_SECOND = 100;

export interface SectionLoad {
  /** 1-minute load average when the section started. */
  loadBefore: number;
  /** Share of all cores' time, over the section, that went to other processes and steal. */
  othersShare: number;
  isNoisy: boolean;
}

interface ProcStat {
  pid: number;
  ppid: number;
  name: string;
  /** CPU ticks the process itself has used (its reaped children's are counted on their own). */
  ticks: number;
}

/** Busy ticks of every core together, steal included (/proc/stat's first line). */
function busyTicks(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number) as number[];
  return user! + nice! + system! + irq! + softirq! + (steal ?? 0);
}

function readProc(pid: string): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may hold spaces: split after its closing one.
    const close = text.lastIndexOf(')');
    const name = text.slice(text.indexOf('(') + 1, close);
    const rest = text.slice(close + 2).split(' ');
    // Fields from the state on: ppid is the 2nd; utime and stime the 12th and 13th.
    return {
      pid: Number(pid),
      ppid: Number(rest[1]),
      name,
      ticks: Number(rest[11]) + Number(rest[12]),
    };
  } catch {
    return undefined; // Gone between listing and reading.
  }
}

/**
 * The benchmark's own processes and their CPU ticks: this process and everything it started
 * (servers, Chromium, the mail sink), plus PostgreSQL's, which serve the benchmark's connections.
 */
function ourProcesses(): Map<number, number> {
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(readProc)
    .filter((stat): stat is ProcStat => stat !== undefined);
  const byParent = new Map<number, ProcStat[]>();
  for (const stat of all) byParent.set(stat.ppid, [...(byParent.get(stat.ppid) ?? []), stat]);
  const ours = new Set<number>();
  const visit = (pid: number) => {
    if (ours.has(pid)) return;
    ours.add(pid);
    for (const child of byParent.get(pid) ?? []) visit(child.pid);
  };
  visit(process.pid);
  return new Map(
    all
      .filter((stat) => ours.has(stat.pid) || stat.name === 'postgres')
      .map((stat) => [stat.pid, stat.ticks]),
  );
}

/** How often our processes are looked at: one that ends between two looks loses at most this. */
const SAMPLE_MS = 200;

/** Starts watching a section; `stop()` says how loaded the machine was while it ran. */
export function watchSection(): { stop(): SectionLoad; end(): void } {
  const loadBefore = os.loadavg()[0] ?? 0;
  const startedAt = performance.now();
  const busyBefore = busyTicks();
  const before = ourProcesses();
  // Each of our processes' latest ticks, kept after it ends: Chromium's renderers and the
  // servers' children come and go within a section, and their CPU is the benchmark's.
  const latest = new Map(before);
  const look = () => {
    for (const [pid, ticks] of ourProcesses()) latest.set(pid, ticks);
  };
  const timer = setInterval(look, SAMPLE_MS);
  timer.unref();
  return {
    stop() {
      look();
      const capacity =
        ((performance.now() - startedAt) / 1000) * TICKS_PER_SECOND * os.availableParallelism();
      let ours = 0;
      for (const [pid, ticks] of latest) ours += ticks - (before.get(pid) ?? 0);
      const others = Math.max(0, busyTicks() - busyBefore - ours);
      const othersShare = capacity > 0 ? Math.min(1, others / capacity) : 0;
      return { loadBefore, othersShare, isNoisy: othersShare > NOISY_SHARE };
    },
    end() {
      clearInterval(timer);
    },
  };
}

/** The section being measured now: printGoals asks it whether its figures count. */
let current: ReturnType<typeof watchSection> | undefined;

export function beginSection(): void {
  current = watchSection();
  console.log(`machine load before this section: ${(os.loadavg()[0] ?? 0).toFixed(2)} (1 min)`);
}

/** How loaded the machine has been since the section began (undefined outside run-all). */
export function sectionLoadSoFar(): SectionLoad | undefined {
  return current?.stop();
}

export function endSection(): void {
  const load = current?.stop();
  current?.end();
  current = undefined;
  if (!load) return;
  console.log(
    `other processes and steal took ${(load.othersShare * 100).toFixed(0)} % of the CPU during this section${load.isNoisy ? ': NOISY, its figures are not a measurement' : ''}`,
  );
}
