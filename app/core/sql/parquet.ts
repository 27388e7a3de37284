// A table's column batch as a Parquet file and back: standard Parquet, the interchange data tools
// read where it lies (Hugging Face's dataset viewer does the same). Pure JavaScript codecs
// (hyparquet), so the CLI and a browser worker write the same bytes. A file is checked against
// the schema on reading: a Parquet file of another shape is refused by name, never half-loaded.
import { parquetMetadata, parquetReadObjects, parquetSchema } from 'hyparquet';
import { type BasicType, parquetWriteBuffer } from 'hyparquet-writer';
import { type ColumnBatch, emptyBatch } from './columns';
import { type SqlType, type SqlValue, TABLE_COLUMNS, type TableName } from './schema';

const PARQUET_TYPES: Record<SqlType, BasicType> = {
  VARCHAR: 'STRING',
  DOUBLE: 'DOUBLE',
  INTEGER: 'INT32',
  BOOLEAN: 'BOOLEAN',
};

/** The key-value metadata entry that names which Hopscope table a file holds. */
export const TABLE_KEY = 'hopscope.table';

/** A table's batch, or a query's result (`resultBatch`, table `query`), as Parquet bytes. */
export function batchToParquet(batch: Pick<ColumnBatch, 'columns'> & { table: string }): ArrayBuffer {
  return parquetWriteBuffer({
    columnData: batch.columns.map((c) => ({
      name: c.name,
      type: PARQUET_TYPES[c.type],
      data: c.values as never,
    })),
    kvMetadata: [{ key: TABLE_KEY, value: batch.table }],
  });
}

function coerce(v: unknown, type: SqlType): SqlValue | undefined {
  if (v === null || v === undefined) return null;
  if (type === 'VARCHAR') return typeof v === 'string' ? v : undefined;
  if (type === 'BOOLEAN') return typeof v === 'boolean' ? v : undefined;
  const n = typeof v === 'bigint' ? Number(v) : v;
  if (typeof n !== 'number') return undefined;
  return type === 'INTEGER' && !Number.isInteger(n) ? undefined : n;
}

/**
 * The `table` batch a Parquet file holds. `name` names the file in errors. Throws, naming the
 * file and what differs, when the file is not that table (a column missing or of another type).
 */
export async function parquetToBatch(
  bytes: ArrayBuffer,
  table: TableName,
  name: string,
): Promise<ColumnBatch> {
  let metadata;
  try {
    metadata = parquetMetadata(bytes);
  } catch (e) {
    throw new Error(`${name}: not a Parquet file (${e instanceof Error ? e.message : String(e)})`, {
      cause: e,
    });
  }
  const batch = emptyBatch(table);
  const has = new Set(parquetSchema(metadata).children.map((c) => c.element.name));
  const optional = new Set(TABLE_COLUMNS[table].filter((c) => c.optional).map((c) => c.name));
  const missing = batch.columns.filter((c) => !has.has(c.name) && !optional.has(c.name)).map((c) => c.name);
  if (missing.length > 0)
    throw new Error(
      `${name}: not a Hopscope ${table} table: missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (docs/reference/sql.md lists the schema)`,
    );
  const rows = await parquetReadObjects({
    file: bytes,
    columns: batch.columns.filter((c) => has.has(c.name)).map((c) => c.name),
  });
  rows.forEach((row, i) => {
    for (const col of batch.columns) {
      // A file written before an optional column existed: NULL.
      if (!has.has(col.name)) {
        col.values.push(null);
        continue;
      }
      const v = coerce(row[col.name], col.type);
      if (v === undefined)
        throw new Error(
          `${name}: row ${i + 1}, column ${col.name}: ${JSON.stringify(String(row[col.name]))} is not ${col.type}`,
        );
      col.values.push(v);
    }
  });
  batch.rows = rows.length;
  return batch;
}
