// `hopscope index FILE|DIR --out run.parquet [--format ID]`: a log's or run's SQL tables written
// as Parquet (trajectories in run.parquet, searches in run.searches.parquet, labels in
// run.labels.parquet), which `query run.parquet` (or any Parquet reader) reads back without deriving
// anything again. The three files are one index: each is written beside its name first (`.part`),
// and only once all three are complete are they renamed into place, so a failed write never leaves
// half a file, nor a new run.parquet beside an older run.searches.parquet. Step files are read and
// derived across every core (sql/index-pool.ts; `--threads N` sets how many) and their rows
// streamed into the files as row groups fill (core/sql/parquet-stream.ts), so memory is bounded by
// a row group and a few files' rows, not by the run.
import { rmSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { ParquetTableStream } from '../core/sql/parquet-stream';
import { TABLE_NAMES, type TableName } from '../core/sql/schema';
import { parseFlags } from './flags';
import { defaultThreads, eachFileTables } from './sql/index-pool';
import { parquetPaths, planFiles, readParquetTables } from './sql/load-tables';
import { ParquetFile } from './sql/parquet-file';

export interface IndexArgs {
  path: string;
  out: string;
  format?: string;
  threads?: number;
}

export function parseIndexArgs(argv: readonly string[]): IndexArgs | string {
  const parsed = parseFlags(argv, { values: ['--out', '--format', '--threads'] });
  if (typeof parsed === 'string') return parsed;
  const { positional, values: flags } = parsed;
  const [path] = positional;
  if (!path || positional.length > 1) return 'index needs exactly one log file or run folder';
  if (!flags.out || !/\.parquet$/i.test(flags.out)) return 'index needs --out RUN.parquet';
  const threads = flags.threads === undefined ? undefined : Number(flags.threads);
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1))
    return `--threads needs a whole number of at least 1, not ${JSON.stringify(flags.threads)}`;
  return {
    path,
    out: flags.out,
    ...(flags.format !== undefined ? { format: flags.format } : {}),
    ...(threads !== undefined ? { threads } : {}),
  };
}

/** What one index wrote: each table's rows, and the most rows it held in memory at once. */
export interface IndexWritten {
  files: number;
  records: number;
  imported: number;
  rows: Record<TableName, number>;
  /** The most rows waiting for their row group at once, over the three tables: one group's at most. */
  peakRowsHeld: number;
  /** The most files derived and held at once, waiting for an earlier one: the pool's window. */
  peakFilesHeld: number;
}

/**
 * Streams the tables `fill` appends into the index's three files, all or none: each is written to
 * its `.part` as its row groups fill, and only once all three are complete are they renamed into
 * place. A failure removes the parts this index made and leaves the files already there as they
 * were.
 */
export async function streamIndexFiles(
  paths: Record<TableName, string>,
  fill: (streams: Record<TableName, ParquetTableStream>) => Promise<void>,
  rowGroups?: readonly number[],
): Promise<{ rows: Record<TableName, number>; peakRowsHeld: number }> {
  const files: ParquetFile[] = [];
  const unwatch = removePartsOnSignal(files);
  try {
    const streams = {} as Record<TableName, ParquetTableStream>;
    for (const t of TABLE_NAMES) {
      const file = new ParquetFile(`${paths[t]}.part`);
      files.push(file);
      streams[t] = new ParquetTableStream(t, file, rowGroups);
    }
    await fill(streams);
    for (const t of TABLE_NAMES) streams[t].finish();
    for (const t of TABLE_NAMES) await rename(`${paths[t]}.part`, paths[t]);
    const rows = {} as Record<TableName, number>;
    let peakRowsHeld = 0;
    for (const t of TABLE_NAMES) {
      rows[t] = streams[t].rowsWritten;
      peakRowsHeld += streams[t].peakRowsHeld;
    }
    return { rows, peakRowsHeld };
  } catch (e) {
    // Only what this index made goes; a part that cannot be removed is left, never the error hidden.
    for (const f of files) f.close();
    await Promise.all(files.map((f) => rm(f.path, { force: true }).catch(() => {})));
    throw e;
  } finally {
    unwatch();
  }
}

/**
 * The signals a user stops the CLI with (Ctrl-C, kill). Not SIGHUP: a listener would stop an index
 * run under `nohup`, which ignores it.
 */
const STOPS = ['SIGINT', 'SIGTERM'] as const;

/**
 * While `files` (the parts) are written: a signal that stops the process removes them first, then
 * stops it as the signal would have. The parts are open for the whole run (its rows are streamed),
 * and Node's default for these signals exits without a `finally`. Returns the unwatcher.
 */
function removePartsOnSignal(files: readonly ParquetFile[]): () => void {
  const unwatch = () => {
    for (const s of STOPS) process.off(s, stop);
  };
  function stop(signal: NodeJS.Signals): void {
    unwatch();
    for (const f of files) {
      try {
        f.close();
        rmSync(f.path, { force: true });
      } catch {
        // Left behind, as any part that cannot be removed; the signal still stops the process.
      }
    }
    process.kill(process.pid, signal);
  }
  for (const s of STOPS) process.on(s, stop);
  return unwatch;
}

/**
 * Indexes a log, run folder or index into `out`'s three files, a file's rows at a time: derived
 * across `threads` (index-pool.ts) and each file's rows encoded as their row groups fill.
 */
export async function writeIndex(
  path: string,
  format: string | undefined,
  out: string,
  onIssue: (line: string) => void,
  threads: number = defaultThreads(),
  rowGroups?: readonly number[],
): Promise<IndexWritten> {
  const paths = parquetPaths(out);
  if (/\.parquet$/i.test(path)) {
    const loaded = await readParquetTables(path);
    const w = await streamIndexFiles(
      paths,
      async (streams) => {
        for (const t of TABLE_NAMES) streams[t].append(loaded.batches[t]);
      },
      rowGroups,
    );
    return { files: 1, records: loaded.records, imported: loaded.imported, peakFilesHeld: 1, ...w };
  }
  const tasks = await planFiles(path, format);
  let counts = { records: 0, imported: 0, peakFilesHeld: 0 };
  const w = await streamIndexFiles(
    paths,
    async (streams) => {
      counts = await eachFileTables(tasks, threads, (r) => {
        for (const t of TABLE_NAMES) streams[t].append(r.batches[t]);
        for (const line of r.issues) onIssue(line);
      });
    },
    rowGroups,
  );
  return { files: tasks.length, ...counts, ...w };
}

export async function indexCommand(argv: readonly string[], usage: string): Promise<number> {
  const args = parseIndexArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n${usage}\n`);
    return 2;
  }
  try {
    const w = await writeIndex(
      args.path,
      args.format,
      args.out,
      (line) => process.stderr.write(`${line}\n`),
      args.threads,
    );
    const paths = parquetPaths(args.out);
    for (const table of TABLE_NAMES) process.stderr.write(`${paths[table]}: ${w.rows[table]} ${table}\n`);
    process.stderr.write(
      `indexed ${w.files} file${w.files === 1 ? '' : 's'}: ${w.records} records, ${w.imported} imported\n`,
    );
    return w.imported === 0 ? 1 : 0;
  } catch (e) {
    process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
