// A table written as Parquet a batch at a time: the same bytes as writing every row at once, with
// the rows held bounded by a row group, however many rows pass through.
import { beforeAll, describe, expect, it } from 'vitest';
import { ByteWriter } from 'hyparquet-writer';
import { hotpotTrajectories } from '../../testing/hotpot-log';
import { type ColumnBatch, emptyBatch, SqlTables } from './columns';
import { batchToParquet, PARQUET_ROW_GROUPS, parquetToBatch } from './parquet';
import { ParquetTableStream } from './parquet-stream';

/** `batch`'s rows [from, to) as a batch of their own. */
const slice = (batch: ColumnBatch, from: number, to: number): ColumnBatch => ({
  table: batch.table,
  rows: Math.min(to, batch.rows) - from,
  columns: batch.columns.map((c) => ({ ...c, values: c.values.slice(from, to) })),
});

/** Streams `batch` in pieces of `step` rows; the file's bytes and the stream. */
function streamed(batch: ColumnBatch, step: number, groups?: readonly number[]) {
  const writer = new ByteWriter();
  const stream = new ParquetTableStream(batch.table, writer, groups);
  for (let from = 0; from < batch.rows; from += step) stream.append(slice(batch, from, from + step));
  stream.finish();
  return { bytes: Buffer.from(writer.getBuffer()), stream };
}

describe('ParquetTableStream', () => {
  let tables: SqlTables;
  beforeAll(async () => {
    tables = new SqlTables();
    for (const t of await hotpotTrajectories()) tables.addTrajectory(t);
  });

  it('writes the bytes batchToParquet writes, cutting the same row groups whatever the batches', () => {
    const searches = tables.batches.searches;
    expect(searches.rows).toBeGreaterThan(40);
    for (const [step, groups] of [
      [7, [5, 11]],
      [1, [3]],
      [50, [4, 9]],
    ] as const) {
      const { bytes, stream } = streamed(searches, step, groups);
      expect(bytes.equals(Buffer.from(batchToParquet(searches, groups))), `${step} ${groups}`).toBe(true);
      expect(stream.rowsWritten).toBe(searches.rows);
      // Never more than a group's rows and one batch's waiting.
      expect(stream.peakRowsHeld).toBeLessThan(Math.max(...groups) + step);
    }
    // The default groups, and so the bytes `index` wrote before it streamed.
    const t = tables.batches.trajectories;
    expect(streamed(t, 4).bytes.equals(Buffer.from(batchToParquet(t)))).toBe(true);
    expect(PARQUET_ROW_GROUPS).toEqual([1000, 100_000]);
  });

  it('holds one group of rows however many pass through, and they read back in order', async () => {
    const searches = tables.batches.searches;
    // The searches table ten times over, streamed 13 rows at a time into groups of 20.
    const writer = new ByteWriter();
    const stream = new ParquetTableStream('searches', writer, [20]);
    for (let copy = 0; copy < 10; copy++)
      for (let from = 0; from < searches.rows; from += 13) stream.append(slice(searches, from, from + 13));
    stream.finish();
    expect(stream.rowsWritten).toBe(10 * searches.rows);
    expect(stream.peakRowsHeld).toBeLessThan(20 + 13);
    const back = await parquetToBatch(writer.getBuffer(), 'searches', 'x.parquet');
    expect(back.rows).toBe(10 * searches.rows);
    expect(slice(back, 9 * searches.rows, 10 * searches.rows)).toEqual(searches);
  });

  it('writes an empty table as batchToParquet does, and refuses another table’s batch', () => {
    const empty = streamed(emptyBatch('labels'), 1).bytes;
    expect(empty.equals(Buffer.from(batchToParquet(emptyBatch('labels'))))).toBe(true);
    const stream = new ParquetTableStream('labels', new ByteWriter());
    expect(() => stream.append(tables.batches.searches)).toThrow(/searches batch sent to the labels file/);
  });
});
