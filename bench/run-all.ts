// Every benchmark, run one after another in this process. To add one, write a module exporting
// `name` and `run()` and list it here.
interface BenchmarkModule {
  name: string;
  run(): Promise<void>;
}

const benchmarks: Array<() => Promise<BenchmarkModule>> = [
  () => import('./email/email-render.bench.ts'),
  () => import('./editor/editor-latency.bench.ts'),
  () => import('./web/route-sizes.bench.ts'),
  () => import('./web/page-speed.bench.ts'),
  () => import('./pipeline/pipeline.bench.ts'),
  () => import('./tracking/tracking-load.bench.ts'),
  () => import('./ingest/ingest-load.bench.ts'),
];

export {};

for (const load of benchmarks) {
  const benchmark = await load();
  await benchmark.run();
}
