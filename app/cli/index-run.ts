// `hopscope index FILE|DIR --out run.parquet [--format ID]`: a log's or run's SQL tables written
// as Parquet (trajectories in run.parquet, searches in run.searches.parquet, labels in
// run.labels.parquet), which `query run.parquet` (or any Parquet reader) reads back without deriving
// anything again. Each file is written beside its name and renamed into place once complete, so
// a failed write never leaves half a file where an earlier index was.
import { rename, rm, writeFile } from 'node:fs/promises';
import { batchToParquet } from '../core/sql/parquet';
import { TABLE_NAMES } from '../core/sql/schema';
import { loadTables, parquetPaths } from './sql/load-tables';

export interface IndexArgs {
  path: string;
  out: string;
  format?: string;
}

export function parseIndexArgs(argv: readonly string[]): IndexArgs | string {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--out' || a === '--format') {
      const v = argv[++i];
      if (v === undefined) return `${a} needs a value`;
      flags[a.slice(2)] = v;
    } else if (a.startsWith('--')) return `unknown option ${a}`;
    else positional.push(a);
  }
  const [path] = positional;
  if (!path || positional.length > 1) return 'index needs exactly one log file or run folder';
  if (!flags.out || !/\.parquet$/i.test(flags.out)) return 'index needs --out RUN.parquet';
  return { path, out: flags.out, ...(flags.format !== undefined ? { format: flags.format } : {}) };
}

export async function indexCommand(argv: readonly string[], usage: string): Promise<number> {
  const args = parseIndexArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n${usage}\n`);
    return 2;
  }
  try {
    const loaded = await loadTables(args.path, args.format, (line) => process.stderr.write(`${line}\n`));
    const paths = parquetPaths(args.out);
    for (const table of TABLE_NAMES) {
      const target = paths[table];
      const part = `${target}.part`;
      try {
        await writeFile(part, new Uint8Array(batchToParquet(loaded.batches[table])));
        await rename(part, target);
      } catch (e) {
        await rm(part, { force: true });
        throw e;
      }
      process.stderr.write(`${target}: ${loaded.batches[table].rows} ${table}\n`);
    }
    process.stderr.write(
      `indexed ${loaded.files} file${loaded.files === 1 ? '' : 's'}: ${loaded.records} records, ${loaded.imported} imported\n`,
    );
    return loaded.imported === 0 ? 1 : 0;
  } catch (e) {
    process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
