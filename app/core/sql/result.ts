// A query's result as plain values, read from the Arrow table DuckDB answers with (described here
// by shape only: the core loads no Arrow). Every cell fits JSON and a structured clone.
import type { SqlValue } from './schema';

export interface SqlResultColumn {
  name: string;
  /** The Arrow type DuckDB gave the column, as Arrow prints it (`Utf8`, `Float64`, `Int32`, …). */
  type: string;
}

export interface SqlResult {
  columns: SqlResultColumn[];
  rows: SqlValue[][];
}

/** The part of an Arrow table a result is read from. */
export interface ArrowTableLike {
  numRows: number;
  schema: { fields: ReadonlyArray<{ name: string; type: unknown }> };
  getChildAt(i: number): { get(row: number): unknown } | null;
}

/** A result cell as JSON can carry it: 64-bit integers as numbers, nested values as JSON text. */
export function cell(v: unknown): SqlValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString();
  const json = (v as { toJSON?: () => unknown }).toJSON?.() ?? v;
  return JSON.stringify(json, (_k, x: unknown) => (typeof x === 'bigint' ? Number(x) : x));
}

export function resultColumns(table: ArrowTableLike): SqlResultColumn[] {
  return table.schema.fields.map((f) => ({ name: f.name, type: String(f.type) }));
}

/** Rows [from, to) of the table as plain values. */
export function resultRows(table: ArrowTableLike, from = 0, to = table.numRows): SqlValue[][] {
  const children = table.schema.fields.map((_, i) => table.getChildAt(i));
  // Arrow reads dates and timestamps as epoch milliseconds: shown as ISO text instead.
  const dated = table.schema.fields.map((f) => /^(Date|Timestamp)/.test(String(f.type)));
  const rows: SqlValue[][] = [];
  for (let r = Math.max(0, from); r < Math.min(to, table.numRows); r++)
    rows.push(
      children.map((c, i) => {
        const v = c?.get(r);
        return dated[i] && typeof v === 'number' && Math.abs(v) < 8.64e15
          ? new Date(v).toISOString()
          : cell(v);
      }),
    );
  return rows;
}

export function resultOf(table: ArrowTableLike): SqlResult {
  return { columns: resultColumns(table), rows: resultRows(table) };
}
