// The index's parse and derivation spread over every core: each step file is read and derived in
// a node:worker_threads thread (index-worker.ts), at most os.availableParallelism() at once, and
// each file's tables are handed on in the files' order, so the tables, and the Parquet bytes
// written from them, are those of reading the files one after another on one thread. A file is
// sent to a thread only while fewer than `window` files are derived but not yet handed on, so the
// rows held here are a few files', however long the run.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type NodeBundleSpec, nodeBundle } from '../../build/node-bundle';
import { type ColumnBatch, type ColumnData, SqlTables, type TableBatches } from '../../core/sql/columns';
import { TABLE_NAMES } from '../../core/sql/schema';
import { addFileTables, type FileTables, type FileTask, fileTables } from './file-tables';

export interface PoolCounts {
  records: number;
  imported: number;
  /** The most files derived and held here at once, waiting for an earlier file. */
  peakFilesHeld: number;
}

export interface PoolResult extends PoolCounts {
  batches: TableBatches;
}

/** Each file's tables, in the files' order; its issues are passed on with it. */
export type OnFile = (r: FileTables) => void;

/** The threads an index uses by default: one per core the machine offers. */
export function defaultThreads(): number {
  return availableParallelism();
}

/** The worker thread's module, bundled once per source change (app/build/node-bundle.ts). */
export const INDEX_WORKER_BUNDLE: NodeBundleSpec = {
  name: 'index-worker',
  entry: 'app/cli/sql/index-worker.ts',
  inputs: ['app/core', 'app/cli', 'package-lock.json', 'tsconfig.json'],
};
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * A worker thread running index-worker.ts from its bundle: plain JavaScript, so no thread pays for
 * transpiling the app's modules again (tsx, which runs the CLI, does not reach worker threads).
 */
const startThread = (bundle: string) => new Worker(bundle);

/**
 * Reads and derives `files` across `threads` worker threads (on this thread when one is asked for,
 * or there is one file), calling `onFile` with each file's tables in the files' order. At most
 * `window` files (twice the threads by default) are out, sent or held, ahead of the next to hand on.
 */
export async function eachFileTables(
  files: readonly FileTask[],
  threads: number,
  onFile: OnFile,
  window = 2 * threads,
): Promise<PoolCounts> {
  let records = 0;
  let imported = 0;
  const take = (r: FileTables) => {
    records += r.records;
    imported += r.imported;
    onFile(r);
  };
  const n = Math.min(threads, files.length);
  if (n <= 1) {
    for (const f of files) take(await fileTables(f));
    return { records, imported, peakFilesHeld: files.length > 0 ? 1 : 0 };
  }
  const held = new Map<number, FileTables>();
  let peakFilesHeld = 0;
  let next = 0; // the next file to send
  let done = 0; // the next file to hand on
  const idle: Array<() => void> = [];
  const bundle = await nodeBundle(ROOT, INDEX_WORKER_BUNDLE);
  const workers = Array.from({ length: n }, () => startThread(bundle));
  try {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= files.length) return resolve();
              // Too far ahead of the file to hand on: wait until it has been.
              if (next >= done + Math.max(window, n)) return void idle.push(send);
              const i = next++;
              w.postMessage({ ...files[i], i });
            };
            w.on(
              'message',
              (m: { i: number; ok: true; r: FileTables } | { i: number; ok: false; error: string }) => {
                if (!m.ok) return reject(new Error(`${files[m.i]?.disk}: ${m.error}`));
                held.set(m.i, m.r);
                peakFilesHeld = Math.max(peakFilesHeld, held.size);
                try {
                  for (let r = held.get(done); r; r = held.get(done)) {
                    held.delete(done++);
                    take(r);
                  }
                } catch (e) {
                  return reject(e);
                }
                send();
                for (const wake of idle.splice(0)) wake();
              },
            );
            w.on('error', reject);
            w.on('exit', (code) => {
              if (code !== 0) reject(new Error(`an index thread exited with code ${code}`));
            });
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  if (done !== files.length) throw new Error('an index thread lost a file');
  return { records, imported, peakFilesHeld };
}

function appendBatch(into: ColumnBatch, from: ColumnBatch): void {
  from.columns.forEach((c, i) => {
    const col = into.columns[i] as ColumnData;
    for (const v of c.values) col.values.push(v);
  });
  into.rows += from.rows;
}

/**
 * Every file's tables joined in one set of batches (what `query` loads into DuckDB). Issues are
 * reported in the files' order.
 */
export async function tablesAcrossThreads(
  files: readonly FileTask[],
  threads: number,
  onIssue: (line: string) => void,
): Promise<PoolResult> {
  const out = new SqlTables().batches;
  const counts = await eachFileTables(files, threads, (r) => {
    for (const t of TABLE_NAMES) appendBatch(out[t], r.batches[t]);
    for (const line of r.issues) onIssue(line);
  });
  return { batches: out, ...counts };
}

/**
 * Reads the files one after another into one set of tables on this thread: the one-core floor the
 * bench measures, and the tables the pool must equal.
 */
export async function tablesInOneThread(
  files: readonly FileTask[],
  onIssue: (line: string) => void,
): Promise<PoolResult> {
  const tables = new SqlTables();
  let records = 0;
  let imported = 0;
  for (const f of files) {
    const s = await addFileTables(tables, f);
    records += s.records;
    imported += s.imported;
    for (const line of s.issues) onIssue(line);
  }
  return { batches: tables.batches, records, imported, peakFilesHeld: files.length };
}
