// A log, a run folder or an indexed Parquet file as the SQL tables: logs through the CLI's own
// import (read-log.ts, as `summarize` and `diagnose` read them) and the row derivation the table
// shows (SqlTables: toRow's view), a folder as `run-summary` plans it (veRL step files), a
// `.parquet` written by `index` read back as it was written.
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { parquetToBatch } from '../../core/sql/parquet';
import { parquetPaths } from '../../core/sql/parquet-set';
import { type TableBatches, emptyBatch } from '../../core/sql/columns';
import type { TableName } from '../../core/sql/schema';
import { stepFilesOf } from '../run-summary';
import type { FileTask } from './file-tables';
import { defaultThreads, tablesAcrossThreads } from './index-pool';

export { parquetPaths };

export interface LoadedTables {
  batches: TableBatches;
  files: number;
  records: number;
  imported: number;
}

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

export async function readParquetTables(path: string): Promise<LoadedTables> {
  const paths = parquetPaths(path);
  const batches = {} as TableBatches;
  for (const [table, p] of Object.entries(paths) as Array<[TableName, string]>) {
    if (table !== 'trajectories' && !(await exists(p))) {
      batches[table] = emptyBatch(table);
      continue;
    }
    const bytes = await readFile(p);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    batches[table] = await parquetToBatch(buffer, table, p);
  }
  const n = batches.trajectories.rows;
  return { batches, files: 1, records: n, imported: n };
}

/**
 * The files a log or run folder is read from, as the pool's tasks: a folder's veRL step files (as
 * run-summary plans them), or the one log. `format`: the importer (detected when unset).
 */
export async function planFiles(path: string, format: string | undefined): Promise<FileTask[]> {
  const isDir = (await stat(path)).isDirectory();
  const files = isDir
    ? (await stepFilesOf(path, undefined)).files
    : [{ disk: path, name: undefined as string | undefined }];
  if (files.length === 0) throw new Error(`no step files (.jsonl, .json) in ${path}`);
  return files.map((f) => ({
    disk: f.disk,
    name: f.name ?? basename(f.disk),
    format: format ?? (isDir ? 'verl' : undefined),
  }));
}

/**
 * The tables of `path`. `format`: the importer to use (detected when unset; a folder is read as
 * veRL step files, as run-summary reads it). `onIssue` gets each bad record as `path:line: message`.
 * A folder's files are read across `threads` worker threads (index-pool.ts; every core by
 * default), giving the same tables as one thread.
 */
export async function loadTables(
  path: string,
  format: string | undefined,
  onIssue: (line: string) => void,
  threads: number = defaultThreads(),
): Promise<LoadedTables> {
  if (/\.parquet$/i.test(path)) return readParquetTables(path);
  const tasks = await planFiles(path, format);
  const r = await tablesAcrossThreads(tasks, threads, onIssue);
  return { batches: r.batches, files: tasks.length, records: r.records, imported: r.imported };
}
