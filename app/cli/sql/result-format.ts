// A query's result as text: an aligned table (the default, for reading), CSV (core's one writer:
// RFC 4180, a cell a spreadsheet would run as a formula defused) or JSON lines (one object a row,
// as `run-summary --json` prints its steps).
import type { SqlValue } from '../../core/sql/schema';
import { toCsv } from '../../core/table/to-csv';
import type { SqlResult } from './duckdb';

export const RESULT_FORMATS = ['table', 'csv', 'json'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

/** A cell as the text table shows it: doubles to 4 decimals, NULL spelled out. */
function shown(v: SqlValue): string {
  if (v === null) return 'NULL';
  if (typeof v === 'number' && !Number.isInteger(v)) return String(Number(v.toFixed(4)));
  return String(v).replace(/\s+/g, ' ');
}

const MAX_WIDTH = 60;

function textTable(r: SqlResult): string {
  const head = r.columns.map((c) => c.name);
  const body = r.rows.map((row) =>
    row.map((v) => {
      const s = shown(v);
      return s.length > MAX_WIDTH ? `${s.slice(0, MAX_WIDTH - 1)}…` : s;
    }),
  );
  const numeric = r.columns.map((_, i) =>
    r.rows.every((row) => row[i] === null || typeof row[i] === 'number'),
  );
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] as string).length)));
  const line = (cells: string[]) =>
    cells
      .map((s, i) => (numeric[i] ? s.padStart(widths[i] as number) : s.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

export function formatResult(r: SqlResult, format: ResultFormat): string {
  // Model and document text (answers, questions, queries) may start with `=`: a spreadsheet
  // opening the file would run it.
  if (format === 'csv')
    return toCsv(
      r.columns.map((c) => c.name),
      r.rows,
    );
  if (format === 'json')
    return r.rows
      .map((row) => JSON.stringify(Object.fromEntries(r.columns.map((c, i) => [c.name, row[i] ?? null]))))
      .join('\n');
  return textTable(r);
}
