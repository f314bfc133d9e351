// A few worker threads for CPU-bound work that must not hold the event loop (printed cards) or
// wait behind other work on libuv's shared thread pool (password hashing). Threads start on first
// use, tasks go to the least busy thread, and a thread that dies fails only its own tasks.
import { Worker } from 'node:worker_threads';

export interface WorkerPool<In, Out> {
  run(input: In): Promise<Out>;
  close(): Promise<void>;
}

interface Pending {
  resolve(output: unknown): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

type Reply = { id: number; output: unknown } | { id: number; error: string };

/** This module runs from TypeScript source (tests, dev) or from the esbuild bundle in dist/. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

/**
 * `entry` names the worker module: `src/<entry>.ts` in the source tree (such as
 * 'thank-by-hand/card-render-worker'), `<basename>.js` in dist/, where
 * build.ts emits each worker as an entry point of its own.
 */
function startWorker(entry: string): Worker {
  if (FROM_SOURCE) {
    return new Worker(new URL('./ts-worker-boot.mjs', import.meta.url), {
      workerData: { entry: new URL(`../../${entry}.ts`, import.meta.url).href },
    });
  }
  return new Worker(new URL(`./${entry.split('/').pop()}.js`, import.meta.url));
}

export function createWorkerPool<In, Out>(entry: string, size: number): WorkerPool<In, Out> {
  const threads: Thread[] = [];
  let nextId = 0;
  let closed = false;

  const spawn = (): Thread => {
    const thread: Thread = { worker: startWorker(entry), pending: new Map() };
    // An idle pool never keeps the process alive; close() ends it with the app.
    thread.worker.unref();
    const failAll = (error: Error) => {
      for (const task of thread.pending.values()) task.reject(error);
      thread.pending.clear();
      threads.splice(threads.indexOf(thread), 1);
    };
    thread.worker.on('message', (reply: Reply) => {
      const task = thread.pending.get(reply.id);
      if (!task) return;
      thread.pending.delete(reply.id);
      if ('error' in reply) task.reject(new Error(reply.error));
      else task.resolve(reply.output);
    });
    thread.worker.on('error', failAll);
    thread.worker.on('exit', (code) => {
      if (threads.includes(thread)) failAll(new Error(`${entry} worker exited with code ${code}`));
    });
    threads.push(thread);
    return thread;
  };

  const leastBusy = (): Thread => {
    if (threads.length < size) {
      const idle = threads.find((thread) => thread.pending.size === 0);
      return idle ?? spawn();
    }
    return threads.reduce((best, thread) =>
      thread.pending.size < best.pending.size ? thread : best,
    );
  };

  return {
    run(input) {
      if (closed) return Promise.reject(new Error(`${entry} pool is closed`));
      const thread = leastBusy();
      const id = nextId++;
      return new Promise<Out>((resolve, reject) => {
        thread.pending.set(id, { resolve: resolve as (output: unknown) => void, reject });
        thread.worker.postMessage({ id, input });
      });
    },
    async close() {
      closed = true;
      const stopping = threads.splice(0).map((thread) => {
        for (const task of thread.pending.values()) task.reject(new Error(`${entry} pool closed`));
        return thread.worker.terminate();
      });
      await Promise.all(stopping);
    },
  };
}
