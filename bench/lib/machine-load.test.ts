import { spawn } from 'node:child_process';
import os from 'node:os';
import { expect, test } from 'vitest';
import { watchSection } from './machine-load.ts';

test('a process that is not the benchmark’s, busy on one core, counts against the section', async () => {
  const watch = watchSection();
  // Started through a shell that exits at once: the busy process is then nobody's child of ours.
  spawn('sh', ['-c', `${process.execPath} -e "const t=Date.now()+1500; while (Date.now()<t);" &`], {
    stdio: 'ignore',
  });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const load = watch.stop();
  watch.end();
  // One core of all of them, whatever else the machine does (other work only adds).
  expect(load.othersShare).toBeGreaterThanOrEqual(0.8 / os.availableParallelism());
  if (os.availableParallelism() <= 4) expect(load.isNoisy).toBe(true);
});
