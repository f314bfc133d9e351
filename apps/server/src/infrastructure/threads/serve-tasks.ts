// The worker thread's side of worker-pool.ts: answers each task with its output or its error.
import { parentPort } from 'node:worker_threads';

export function serveTasks<In, Out>(handle: (input: In) => Out | Promise<Out>): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread only');
  port.on('message', async ({ id, input }: { id: number; input: In }) => {
    try {
      port.postMessage({ id, output: await handle(input) });
    } catch (error) {
      port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
