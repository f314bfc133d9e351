// Issue 6, point 7: in Chromium, the time from an edit to the updated canvas on a 200-block design.
// Builds a page holding only the editor (apps/web/src/editor/bench/harness.html) with the web
// app's own Vite config, serves it on loopback and types into one text block's editor on the canvas.
// Goal: p95 at most 16 ms (issue 38: autosave never blocks typing). Misses are printed, never thrown.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../../e2e/support/chromium.ts';
import { build } from 'vite';
import { printGoals } from '../lib/measure.ts';

export const name = 'editor: edit to updated canvas (apps/web editor, Chromium)';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web');
const EDITS = 200;
const WARMUP_EDITS = 30;
const GOAL_P95_MS = 16;

/** What apps/web/src/editor/bench/harness.tsx puts on the page. */
interface EditorBenchWindow {
  editorBench: { run(edits: number): Promise<Array<[number, number]>> };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

function percentile(sorted: number[], fraction: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * fraction) - 1))] ?? NaN
  );
}

async function buildHarness(outDir: string): Promise<string> {
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      manifest: false,
      rollupOptions: { input: path.join(webRoot, 'src/editor/bench/harness.html') },
    },
  });
  return '/src/editor/bench/harness.html';
}

function serve(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(dir) || !(await stat(file).catch(() => null))?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    }),
  );
}

export async function run(): Promise<void> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'thankly-editor-bench-'));
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const server = await serve(outDir);
  try {
    const entry = await buildHarness(outDir);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}${entry}?blocks=200`);
    await page.waitForFunction(() => document.querySelectorAll('[data-block-frame]').length >= 200);
    const blockCount = await page.evaluate(
      () => document.querySelectorAll('[data-block-frame]').length,
    );
    await page.evaluate(
      (n) => (window as unknown as EditorBenchWindow).editorBench.run(n),
      WARMUP_EDITS,
    );
    const results = await page.evaluate(
      (n) => (window as unknown as EditorBenchWindow).editorBench.run(n),
      EDITS,
    );
    if (errors.length) throw new Error(`harness errors: ${errors.join('; ')}`);

    const toDom = results.map((r) => r[0]).sort((a, b) => a - b);
    const toFrame = results.map((r) => r[1]).sort((a, b) => a - b);
    console.log(`\n${name}`);
    console.log(
      `design: ${blockCount} blocks on the canvas; ${EDITS} edits after ${WARMUP_EDITS} warm-up edits`,
    );
    console.log('measure                         p50 ms   p95 ms   max ms');
    for (const [label, list] of [
      ['edit -> canvas updated, laid out', toDom],
      ['edit -> next frame', toFrame],
    ] as const) {
      console.log(
        `${label.padEnd(32)}${percentile(list, 0.5).toFixed(2).padStart(7)}${percentile(list, 0.95).toFixed(2).padStart(9)}${(list.at(-1) ?? NaN).toFixed(2).padStart(9)}`,
      );
    }
    const p95 = percentile(toDom, 0.95);
    printGoals([
      {
        label: `editor edit latency p95 ≤ ${GOAL_P95_MS} ms (200 blocks)`,
        isMet: p95 <= GOAL_P95_MS,
        detail: `${p95.toFixed(2)} ms (to the next frame: ${percentile(toFrame, 0.95).toFixed(2)} ms)`,
      },
    ]);
  } finally {
    await server.close();
    await browser.close();
    await rm(outDir, { recursive: true, force: true });
  }
}

// Run directly: node --import tsx bench/editor/editor-latency.bench.ts
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  await run();
