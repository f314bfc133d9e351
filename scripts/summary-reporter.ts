import type { Reporter, TestModule } from 'vitest/node';

// Prints one plain closing line ("Tests: N passed, N failed, N skipped") that any CI can read,
// whatever the runner's own summary looks like, and above it each project's share of the run: the
// seconds its files took, summed (files run side by side, so the sum is more than the wall clock),
// and its slowest files, so whoever works on the suite's time sees where it goes.
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const byProject = new Map<string, Array<{ file: string; seconds: number }>>();
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (module.state() === 'failed' && module.children.size === 0) failed++;
      const {
        environmentSetupDuration,
        prepareDuration,
        collectDuration,
        setupDuration,
        duration,
      } = module.diagnostic();
      const seconds =
        (environmentSetupDuration + prepareDuration + collectDuration + setupDuration + duration) /
        1000;
      const files = byProject.get(module.project.name) ?? [];
      files.push({ file: module.relativeModuleId, seconds });
      byProject.set(module.project.name, files);
    }
    const projects = [...byProject].map(([name, files]) => ({
      name,
      files: files.sort((a, b) => b.seconds - a.seconds),
      seconds: files.reduce((sum, f) => sum + f.seconds, 0),
    }));
    projects.sort((a, b) => b.seconds - a.seconds);
    process.stdout.write('\nTime per project (files summed; slowest files):\n');
    for (const { name, files, seconds } of projects) {
      const slowest = files
        .slice(0, 3)
        .map((f) => `${f.file} ${f.seconds.toFixed(0)} s`)
        .join(', ');
      process.stdout.write(
        `  ${name}: ${seconds.toFixed(0)} s in ${files.length} files (${slowest})\n`,
      );
    }
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
