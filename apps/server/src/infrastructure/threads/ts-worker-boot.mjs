// Starts a worker thread from TypeScript source (tests and `npm run dev`): the built server runs
// its workers as plain JavaScript and never loads this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
