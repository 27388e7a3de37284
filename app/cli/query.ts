// `hopscope query FILE|DIR|RUN.parquet "SQL" [--format ID] [--json|--csv]`: the log's rows as SQL
// tables (docs/reference/sql.md) and one read-only query over them, printed as an aligned table,
// CSV or JSON lines. A statement that is not a read, or SQL DuckDB cannot run, is refused with
// its line and column; nothing is written.
import { parseFlags } from './flags';
import { openSqlEngine, SqlError } from './sql/duckdb';
import { loadTables } from './sql/load-tables';
import { formatResult, type ResultFormat } from './sql/result-format';

export interface QueryArgs {
  path: string;
  sql: string;
  format?: string;
  output: ResultFormat;
}

export function parseQueryArgs(argv: readonly string[]): QueryArgs | string {
  const parsed = parseFlags(argv, { values: ['--format'], switches: ['--json', '--csv'] });
  if (typeof parsed === 'string') return parsed;
  const { positional, switches } = parsed;
  const format = parsed.values.format;
  if (switches.has('json') && switches.has('csv')) return 'give one of --json and --csv';
  const output: ResultFormat = switches.has('json') ? 'json' : switches.has('csv') ? 'csv' : 'table';
  const [path, sql] = positional;
  if (!path || sql === undefined || positional.length > 2)
    return 'query needs a log (file, run folder or .parquet) and one SQL statement, in quotes';
  return { path, sql, output, ...(format !== undefined ? { format } : {}) };
}

export async function queryCommand(argv: readonly string[], usage: string): Promise<number> {
  const args = parseQueryArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n${usage}\n`);
    return 2;
  }
  try {
    const loaded = await loadTables(args.path, args.format, (line) => process.stderr.write(`${line}\n`));
    const engine = await openSqlEngine(loaded.batches);
    try {
      const result = await engine.query(args.sql);
      const text = formatResult(result, args.output);
      process.stdout.write(text === '' || text.endsWith('\n') ? text : `${text}\n`);
      process.stderr.write(
        `${result.rows.length} row${result.rows.length === 1 ? '' : 's'} over ${loaded.imported} trajectories (${loaded.records} records read)\n`,
      );
      return 0;
    } finally {
      engine.close();
    }
  } catch (e) {
    if (e instanceof SqlError) {
      process.stderr.write(`SQL error: ${e.message}\n`);
      return 2;
    }
    process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
