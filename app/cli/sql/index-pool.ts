// The index's parse and derivation spread over every core: each step file is read and derived in
// a node:worker_threads thread (index-worker.ts), at most os.availableParallelism() at once, and
// the files' batches are joined in the files' order, so the tables, and the Parquet bytes written
// from them, are those of reading the files one after another on one thread.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type NodeBundleSpec, nodeBundle } from '../../build/node-bundle';
import { type ColumnBatch, type ColumnData, SqlTables, type TableBatches } from '../../core/sql/columns';
import { TABLE_NAMES } from '../../core/sql/schema';
import { addFileTables, type FileTables, type FileTask } from './file-tables';

export interface PoolResult {
  batches: TableBatches;
  records: number;
  imported: number;
}

/** The threads an index uses by default: one per core the machine offers. */
export function defaultThreads(): number {
  return availableParallelism();
}

/** Reads the files one after another in this thread (one file, or `threads` 1). */
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
  return { batches: tables.batches, records, imported };
}

function appendBatch(into: ColumnBatch, from: ColumnBatch): void {
  from.columns.forEach((c, i) => {
    const col = into.columns[i] as ColumnData;
    for (const v of c.values) col.values.push(v);
  });
  into.rows += from.rows;
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
 * The tables of `files` read across `threads` worker threads (one file each at a time), joined in
 * the files' order. Issues are reported in the files' order too, once every file is read.
 */
export async function tablesAcrossThreads(
  files: readonly FileTask[],
  threads: number,
  onIssue: (line: string) => void,
): Promise<PoolResult> {
  const n = Math.min(threads, files.length);
  if (n <= 1) return tablesInOneThread(files, onIssue);
  const results: Array<FileTables | undefined> = new Array(files.length);
  let next = 0;
  const bundle = await nodeBundle(ROOT, INDEX_WORKER_BUNDLE);
  const workers = Array.from({ length: n }, () => startThread(bundle));
  try {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= files.length) return resolve();
              const i = next++;
              w.postMessage({ ...files[i], i });
            };
            w.on(
              'message',
              (m: { i: number; ok: true; r: FileTables } | { i: number; ok: false; error: string }) => {
                if (!m.ok) return reject(new Error(`${files[m.i]?.disk}: ${m.error}`));
                results[m.i] = m.r;
                send();
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
  const out = new SqlTables().batches;
  let records = 0;
  let imported = 0;
  for (const r of results) {
    if (!r) throw new Error('an index thread lost a file');
    for (const t of TABLE_NAMES) appendBatch(out[t], r.batches[t]);
    records += r.records;
    imported += r.imported;
    for (const line of r.issues) onIssue(line);
  }
  return { batches: out, records, imported };
}
