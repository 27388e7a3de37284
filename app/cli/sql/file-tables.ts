// One log file's SQL tables, read as the CLI's import reads it (read-log.ts) and derived by the
// view every screen shows (SqlTables): the unit of work the index pool (index-pool.ts) hands to a
// thread. Issues come back as `disk:line: message` lines, in the file's order.
import type { TableBatches } from '../../core/sql/columns';
import { SqlTables } from '../../core/sql/columns';
import { runImport } from '../read-log';

export interface FileTask {
  disk: string;
  /** What the import calls the file (a step file is `run/12.jsonl`). */
  name: string;
  format: string | undefined;
}

export interface FileTables {
  batches: TableBatches;
  records: number;
  imported: number;
  issues: string[];
}

/** Feeds one file's trajectories and labels into `tables`; returns its counts and issues. */
export async function addFileTables(tables: SqlTables, f: FileTask): Promise<Omit<FileTables, 'batches'>> {
  const s = await runImport(
    f.disk,
    f.format,
    (t) => tables.addTrajectory(t),
    (a) => tables.addLabel(a),
    f.name,
  );
  const issues = s.errors.map(
    (e) =>
      `${f.disk}:${e.line}: ${e.severity === 'warning' ? 'warning: ' : ''}${e.message}${e.field ? ` (field ${e.field})` : ''}`,
  );
  return { records: s.records, imported: s.imported, issues };
}

export async function fileTables(f: FileTask): Promise<FileTables> {
  const tables = new SqlTables();
  const counts = await addFileTables(tables, f);
  return { batches: tables.batches, ...counts };
}
