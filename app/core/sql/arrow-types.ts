// Which Arrow type each SQL type loads as, and back: a result column's SQL type from the Arrow type
// DuckDB answered with, so an exported result keeps numbers as numbers. Names only: the engines
// (app/cli/sql, app/runtime/sql) build the Arrow types; the core loads no Arrow.
import type { ColumnData } from './columns';
import type { SqlResult } from './result';
import type { SqlType, SqlValue } from './schema';

/** The apache-arrow type class each SQL type is loaded as. */
export const ARROW_TYPE_OF = {
  VARCHAR: 'Utf8',
  DOUBLE: 'Float64',
  INTEGER: 'Int32',
  BOOLEAN: 'Bool',
} as const satisfies Record<SqlType, string>;

/**
 * The SQL type a result column of this Arrow type is written as. Integers wider than 32 bits and
 * decimals become DOUBLE (DuckDB casts 64-bit counts to doubles here anyway); dates, times, lists
 * and structs become text, as the result shows them.
 */
export function sqlTypeOfArrow(type: string): SqlType {
  if (/^(Large)?Utf8$/.test(type)) return 'VARCHAR';
  if (type === 'Bool') return 'BOOLEAN';
  if (/^(Int(8|16|32)|Uint(8|16))$/.test(type)) return 'INTEGER';
  if (/^(Float(16|32|64)|Int64|Uint(32|64)|Decimal)/.test(type)) return 'DOUBLE';
  return 'VARCHAR';
}

function typed(v: SqlValue, type: SqlType): SqlValue {
  if (v === null) return null;
  if (type === 'VARCHAR') return typeof v === 'string' ? v : String(v);
  if (type === 'BOOLEAN') return typeof v === 'boolean' ? v : null;
  return typeof v === 'number' ? v : Number.isFinite(Number(v)) ? Number(v) : null;
}

/** A result as a column batch (for a Parquet file), each column typed from its Arrow type. */
export function resultBatch(result: SqlResult): { table: string; rows: number; columns: ColumnData[] } {
  const columns = result.columns.map((c, i) => {
    const type = sqlTypeOfArrow(c.type);
    return { name: c.name, type, values: result.rows.map((r) => typed(r[i] ?? null, type)) };
  });
  return { table: 'query', rows: result.rows.length, columns };
}
