// A thread of the index pool (index-pool.ts): reads and derives the step files it is sent, one at a
// time, and posts each file's column batches back.
import { parentPort } from 'node:worker_threads';
import { type FileTask, fileTables } from './file-tables';

const port = parentPort;
if (!port) throw new Error('index-worker runs as a worker thread');
port.on('message', (task: FileTask & { i: number }) => {
  fileTables(task).then(
    (r) => port.postMessage({ i: task.i, ok: true, r }),
    (e: unknown) =>
      port.postMessage({ i: task.i, ok: false, error: e instanceof Error ? e.message : String(e) }),
  );
});
