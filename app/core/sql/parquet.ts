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

/**
 * Rows in each row group: the first 1,000, then 100,000 each (hyparquet-writer's default). A file
 * written a batch at a time (parquet-stream.ts) cuts the same groups, so it is the same bytes.
 */
export const PARQUET_ROW_GROUPS: readonly number[] = [1000, 100_000];

/** The file's columns as hyparquet-writer takes them. */
export function parquetColumns(columns: ColumnBatch['columns']) {
  return columns.map((c) => ({ name: c.name, type: PARQUET_TYPES[c.type], data: c.values as never }));
}

/** The key-value metadata of a file holding `table`. */
export const tableMetadata = (table: string) => [{ key: TABLE_KEY, value: table }];

/** A table's batch, or a query's result (`resultBatch`, table `query`), as Parquet bytes. */
export function batchToParquet(
  batch: Pick<ColumnBatch, 'columns'> & { table: string },
  rowGroups: readonly number[] = PARQUET_ROW_GROUPS,
): ArrayBuffer {
  return parquetWriteBuffer({
    columnData: parquetColumns(batch.columns),
    rowGroupSize: [...rowGroups],
    kvMetadata: tableMetadata(batch.table),
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
