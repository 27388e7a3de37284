// `hopscope index FILE|DIR --out run.parquet [--format ID]`: a log's or run's SQL tables written
// as Parquet (trajectories in run.parquet, searches in run.searches.parquet, labels in
// run.labels.parquet), which `query run.parquet` (or any Parquet reader) reads back without deriving
// anything again. The three files are one index: each is written beside its name first (`.part`),
// and only once all three are complete are they renamed into place, so a failed write never leaves
// half a file, nor a new run.parquet beside an older run.searches.parquet. Step files are read and
// derived across every core (sql/index-pool.ts); `--threads N` sets how many.
import { rename, rm, writeFile } from 'node:fs/promises';
import { batchToParquet } from '../core/sql/parquet';
import { TABLE_NAMES } from '../core/sql/schema';
import { parseFlags } from './flags';
import { loadTables, parquetPaths } from './sql/load-tables';

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

/**
 * Writes each table's bytes to its path, all or none: every `.part` first, then every rename. A
 * failed write removes the parts and leaves the files already there as they were.
 */
export async function writeIndexFiles(
  files: ReadonlyArray<{ path: string; bytes: ArrayBuffer }>,
): Promise<void> {
  const parts = files.map((f) => `${f.path}.part`);
  try {
    for (const [i, f] of files.entries()) await writeFile(parts[i] as string, new Uint8Array(f.bytes));
  } catch (e) {
    // Only what this write made goes; a part that cannot be removed is left, never the error hidden.
    await Promise.all(parts.map((p) => rm(p, { force: true }).catch(() => {})));
    throw e;
  }
  for (const [i, f] of files.entries()) await rename(parts[i] as string, f.path);
}

export async function indexCommand(argv: readonly string[], usage: string): Promise<number> {
  const args = parseIndexArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n${usage}\n`);
    return 2;
  }
  try {
    const loaded = await loadTables(
      args.path,
      args.format,
      (line) => process.stderr.write(`${line}\n`),
      args.threads,
    );
    const paths = parquetPaths(args.out);
    await writeIndexFiles(
      TABLE_NAMES.map((table) => ({ path: paths[table], bytes: batchToParquet(loaded.batches[table]) })),
    );
    for (const table of TABLE_NAMES)
      process.stderr.write(`${paths[table]}: ${loaded.batches[table].rows} ${table}\n`);
    process.stderr.write(
      `indexed ${loaded.files} file${loaded.files === 1 ? '' : 's'}: ${loaded.records} records, ${loaded.imported} imported\n`,
    );
    return loaded.imported === 0 ? 1 : 0;
  } catch (e) {
    process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
