// The SQL tables of a real log: one trajectories row per imported record holding exactly what the
// table row holds, one searches row per search the diagnosis numbers, and the Parquet round trip.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Trajectory } from '../schema/trajectory';
import { toRow } from '../table/row';
import { trajectoryView } from '../view/trajectory-view';
import { batchRecords, SqlTables } from './columns';
import { createTableSql } from './ddl';
import { batchToParquet, parquetToBatch } from './parquet';
import { TABLE_COLUMNS } from './schema';
import { hotpotTrajectories } from '../../testing/hotpot-log';

describe('SqlTables on a real log', () => {
  let ts: Trajectory[];
  let tables: SqlTables;
  beforeAll(async () => {
    ts = await hotpotTrajectories();
    tables = new SqlTables();
    for (const t of ts) tables.addTrajectory(t);
  });

  it('holds one trajectories row per record, each value the table row’s', () => {
    const rows = batchRecords(tables.batches.trajectories);
    expect(rows).toHaveLength(30);
    ts.forEach((t, i) => {
      const r = toRow(t);
      expect(rows[i]).toMatchObject({
        id: r.id,
        f1: r.f1,
        em: r.em,
        searches: r.rc,
        over_searches: r.eff.redundant,
        format_error: r.formatError,
        file: 'hotpot.jsonl',
        run: null,
        step: null,
      });
    });
  });

  it('holds one searches row per search, with the detector’s verdicts', () => {
    const rows = batchRecords(tables.batches.searches);
    const views = ts.map((t) => trajectoryView(t));
    expect(rows).toHaveLength(views.reduce((n, v) => n + v.diagnosis.searches, 0));
    const redundant = rows.filter((r) => r.redundant).length;
    expect(redundant).toBe(views.reduce((n, v) => n + v.diagnosis.overSearch.length, 0));
    expect(redundant).toBeGreaterThan(0);
    for (const r of rows) {
      expect((r.new_docs as number) <= (r.docs as number)).toBe(true);
      expect(r.rule === null).toBe(!r.redundant);
    }
  });

  it('declares each column once, with its type, in the CREATE TABLE', () => {
    for (const [table, cols] of Object.entries(TABLE_COLUMNS)) {
      expect(new Set(cols.map((c) => c.name)).size).toBe(cols.length);
      expect(createTableSql(table as 'labels')).toContain(`${cols[0]?.name} ${cols[0]?.type}`);
    }
  });

  it('round-trips through Parquet unchanged', async () => {
    for (const batch of Object.values(tables.batches)) {
      const back = await parquetToBatch(batchToParquet(batch), batch.table, 'x.parquet');
      expect(back).toEqual(batch);
    }
  });

  it('refuses a Parquet file of another shape, naming the file and what is missing', async () => {
    const searches = batchToParquet(tables.batches.searches);
    await expect(parquetToBatch(searches, 'trajectories', 'run.parquet')).rejects.toThrow(
      /^run\.parquet: not a Hopscope trajectories table: missing columns id, file, line/,
    );
    await expect(parquetToBatch(new ArrayBuffer(12), 'trajectories', 'junk.parquet')).rejects.toThrow(
      /^junk\.parquet: not a Parquet file/,
    );
  });
});
