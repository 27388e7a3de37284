// A query's result read column by column, for code that walks every row of a numeric result (the
// Training page's summaries): from an Arrow table a DOUBLE or INTEGER column without NULLs is the
// typed array Arrow already holds (no cell-by-cell `get`, no boxing), anything else is read cell by
// cell; from plain rows (SqlResult, what the CLI's engine answers) the same columns.
import { type ArrowTableLike, cell, type SqlResult } from './result';
import type { SqlValue } from './schema';

export interface ResultColumns {
  length: number;
  /** Column `name` as numbers, NULL as 0; throws if the result has no such column. */
  numbers(name: string): ArrayLike<number>;
  /** Column `name` as plain values (text stays text, NULL is null). */
  values(name: string): ArrayLike<SqlValue>;
}

const asNumber = (v: SqlValue): number => (typeof v === 'number' ? v : v === null ? 0 : Number(v));

function indexOf(names: readonly string[], name: string): number {
  const i = names.indexOf(name);
  if (i < 0) throw new Error(`the result has no column ${name} (it has ${names.join(', ')})`);
  return i;
}

function ofRows(r: SqlResult): ResultColumns {
  const names = r.columns.map((c) => c.name);
  const values = (name: string) => {
    const i = indexOf(names, name);
    return r.rows.map((row) => row[i] ?? null);
  };
  return {
    length: r.rows.length,
    values,
    numbers: (name) => values(name).map(asNumber),
  };
}

/** What an Arrow column offers beyond `get` (apache-arrow's Vector has both). */
interface ArrowColumnLike {
  get(row: number): unknown;
  nullCount?: number;
  toArray?(): unknown;
}

function ofArrow(t: ArrowTableLike): ResultColumns {
  const names = t.schema.fields.map((f) => f.name);
  const column = (name: string) => t.getChildAt(indexOf(names, name)) as ArrowColumnLike | null;
  const values = (name: string) => {
    const c = column(name);
    return Array.from({ length: t.numRows }, (_, r) => cell(c?.get(r)));
  };
  return {
    length: t.numRows,
    values,
    numbers(name) {
      const c = column(name);
      if (c?.nullCount === 0) {
        // Only these two: a DECIMAL's or 64-bit integer's toArray is its raw words, not numbers.
        const a = c.toArray?.();
        if ((a instanceof Float64Array || a instanceof Int32Array) && a.length === t.numRows) return a;
      }
      return Array.from({ length: t.numRows }, (_, r) => asNumber(cell(c?.get(r))));
    },
  };
}

export function resultColumnsOf(r: SqlResult | ArrowTableLike): ResultColumns {
  return 'schema' in r ? ofArrow(r) : ofRows(r);
}
