// Every benchmark, run one after another in this process. To add one, write a module exporting
// `name` and `run()` and list it here. `npm run bench -- pipeline ingest` runs only the benchmarks
// whose file path contains one of those words.
interface BenchmarkModule {
  name: string;
  run(): Promise<void>;
}

const benchmarks = [
  './email/email-render.bench.ts',
  './editor/editor-latency.bench.ts',
  './web/route-sizes.bench.ts',
  './web/page-speed.bench.ts',
  './pipeline/pipeline.bench.ts',
  './pipeline/relay-bound.bench.ts',
  './tracking/tracking-load.bench.ts',
  './ingest/ingest-load.bench.ts',
  './cards/cards-load.bench.ts',
  './bounces/bounce-flood.bench.ts',
  './versions/version-list.bench.ts',
];

import { beginSection, endSection } from './lib/machine-load.ts';

const only = process.argv.slice(2);
for (const file of benchmarks) {
  if (only.length > 0 && !only.some((word) => file.includes(word))) continue;
  const benchmark = (await import(file)) as BenchmarkModule;
  beginSection();
  try {
    await benchmark.run();
  } finally {
    endSection();
  }
}
