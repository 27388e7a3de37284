// A table written as Parquet a batch at a time: rows are held only until the row group they fall
// in is full, then encoded and handed to the writer, whose flush may send them on (to a file, in
// the CLI). The groups are cut where batchToParquet cuts them, so the bytes are the same as
// writing every row at once, while the rows held are at most one group's, not the table's.
import { ParquetWriter, schemaFromColumnData } from 'hyparquet-writer';
import { type ColumnBatch, type ColumnData, emptyBatch } from './columns';
import { PARQUET_ROW_GROUPS, parquetColumns, tableMetadata } from './parquet';
import type { TableName } from './schema';

/**
 * Where the encoded bytes go: hyparquet-writer's writer (a ByteWriter, or one whose flush, called
 * after each row group, sends the bytes on synchronously).
 */
export type ParquetSink = ConstructorParameters<typeof ParquetWriter>[0]['writer'];

export class ParquetTableStream {
  private pending: ColumnBatch;
  private readonly pq: ParquetWriter;
  private groups = 0;
  /** Rows encoded into row groups so far. */
  rowsWritten = 0;
  /** The most rows this stream has held at once (waiting for their row group to fill). */
  peakRowsHeld = 0;

  constructor(
    readonly table: TableName,
    writer: ParquetSink,
    private readonly rowGroups: readonly number[] = PARQUET_ROW_GROUPS,
  ) {
    this.pending = emptyBatch(table);
    this.pq = new ParquetWriter({
      writer,
      // Types come from the schema, never from the values: the schema of an empty batch is the file's.
      schema: schemaFromColumnData({ columnData: parquetColumns(this.pending.columns) }),
      kvMetadata: tableMetadata(table),
    });
  }

  private groupSize(): number {
    const g = this.rowGroups;
    return g[Math.min(this.groups, g.length - 1)] as number;
  }

  /** Adds a batch of this table's rows, writing every row group they fill. */
  append(batch: ColumnBatch): void {
    if (batch.table !== this.table) throw new Error(`a ${batch.table} batch sent to the ${this.table} file`);
    batch.columns.forEach((c, i) => {
      const into = (this.pending.columns[i] as ColumnData).values;
      for (const v of c.values) into.push(v);
    });
    this.pending.rows += batch.rows;
    this.peakRowsHeld = Math.max(this.peakRowsHeld, this.pending.rows);
    while (this.pending.rows >= this.groupSize()) this.writeGroup(this.groupSize());
  }

  private writeGroup(n: number): void {
    const p = this.pending;
    const head = p.columns.map((c) => ({ ...c, values: c.values.slice(0, n) }));
    // A single group of n rows: the writer's flush runs once it is encoded.
    if (this.pq.write({ columnData: parquetColumns(head), rowGroupSize: n }))
      throw new Error('a Parquet stream needs a writer that flushes synchronously');
    this.pending = {
      ...p,
      rows: p.rows - n,
      columns: p.columns.map((c) => ({ ...c, values: c.values.slice(n) })),
    };
    this.rowsWritten += n;
    this.groups += 1;
  }

  /** Writes the last, partial, group and the file's footer. */
  finish(): void {
    if (this.pending.rows > 0) this.writeGroup(this.pending.rows);
    void this.pq.finish();
  }
}
