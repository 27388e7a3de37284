// A real log's rows written as Parquet and read back as stored rows: every column comes back as it
// was written (the inverse is complete), the table's Parquet export of those rows is the same
// table, and the labels come back as the same annotations.
import { parquetReadObjects } from 'hyparquet';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAnnotation } from '../annotations/annotation';
import type { Trajectory } from '../schema/trajectory';
import { indexedSearches } from '../table/indexed-row';
import { toRow, type TrajectoryRow } from '../table/row';
import { batchRecords, SqlTables } from './columns';
import { indexedRows, labelsOfBatch, rowsBatch } from './indexed-rows';
import { batchToParquet, parquetToBatch } from './parquet';
import { hotpotTrajectories } from '../../testing/hotpot-log';

describe('indexed rows of a real log', () => {
  let ts: Trajectory[];
  let tables: SqlTables;
  beforeAll(async () => {
    ts = await hotpotTrajectories();
    tables = new SqlTables();
    for (const t of ts) tables.addTrajectory(t);
    tables.addLabel(
      makeAnnotation({ trajectoryId: ts[0]!.id, label: 'verdict:good', annotator: 'ann', note: 'fine' }),
    );
    tables.addLabel(
      makeAnnotation({ trajectoryId: ts[1]!.id, stepId: 's1', label: 'over-search', annotator: 'ann' }),
    );
  });

  const readBack = async (table: 'trajectories' | 'searches' | 'labels') =>
    parquetToBatch(batchToParquet(tables.batches[table]), table, `run.${table}.parquet`);

  it('reads every column back as written: the rows, written again, are the same table', async () => {
    const rows = indexedRows(await readBack('trajectories'), await readBack('searches'), 'run.parquet');
    expect(rows).toHaveLength(ts.length);
    // All but two: the verdicts' confidence is not kept by an index (`unsure` reads back NULL), and
    // the `/` search's text of a row read back holds what the index holds (no titles, no reasoning).
    const again = rowsBatch(rows);
    const without = (b: typeof again) => ({
      ...b,
      columns: b.columns.filter((c) => c.name !== 'unsure' && c.name !== 'search_text'),
    });
    expect(without(again)).toEqual(without(tables.batches.trajectories));
    expect(again.columns.find((c) => c.name === 'unsure')?.values.every((v) => v === null)).toBe(true);
    // The fields the table and the aggregates read, equal to the rows derived from the bodies.
    rows.forEach((r, i) => {
      const d = toRow(ts[i]!);
      expect(r).toMatchObject({
        id: d.id,
        em: d.em,
        f1: d.f1,
        rc: d.rc,
        eff: d.eff,
        flags: d.flags,
        flagCount: d.flagCount,
        trainStep: d.trainStep,
        formatError: d.formatError,
      });
      expect(r.indexed?.parquet).toBe('run.parquet');
      expect(indexedSearches(r)?.map((s) => s.k)).toEqual(
        Array.from({ length: d.eff.searches }, (_, k) => k + 1),
      );
    });
    expect(rows.some((r) => r.searchText.includes(r.searches[0]?.query.toLowerCase() ?? '@'))).toBe(true);
  });

  it('holds each search once: on the row, with the mark saying only that they were read', async () => {
    const rows = indexedRows(await readBack('trajectories'), await readBack('searches'), 'run.parquet');
    const held = rows.flatMap((r) => r.searches);
    expect(held).toHaveLength(tables.batches.searches.rows);
    rows.forEach((r) => {
      expect(r.indexed).toEqual({ parquet: 'run.parquet', searchesOpened: true });
      expect(indexedSearches(r)).toBe(r.searches);
      expect(r.searches.every((s) => s.trajectoryId === r.id)).toBe(true);
    });
  });

  it('reads a row an older version stored, its searches copied into the mark', () => {
    const row = indexedRows(tables.batches.trajectories, tables.batches.searches, 'run.parquet')[0]!;
    // The old mark's shape, as IndexedDB gives it back.
    const legacy = (searches: unknown[] | null) =>
      ({ ...row, indexed: { parquet: 'run.parquet', searches } }) as unknown as TrajectoryRow;
    expect(indexedSearches(legacy([]))).toBe(row.searches);
    expect(indexedSearches(legacy(null))).toBeNull();
  });

  it('marks the searches as not opened when the companion file is absent', async () => {
    const rows = indexedRows(await readBack('trajectories'), null, 'run.parquet');
    rows.forEach((r, i) => {
      expect(indexedSearches(r)).toBeNull();
      expect(r.searches).toEqual([]);
      expect(r.eff.searches).toBe(toRow(ts[i]!).rc);
    });
  });

  it('reads the labels back as the same annotations', async () => {
    const back = labelsOfBatch(await readBack('labels'));
    expect(back).toEqual([
      makeAnnotation({
        trajectoryId: ts[0]!.id,
        label: 'verdict:good',
        annotator: 'ann',
        note: 'fine',
        createdAt: back[0]!.createdAt,
      }),
      makeAnnotation({
        trajectoryId: ts[1]!.id,
        stepId: 's1',
        label: 'over-search',
        annotator: 'ann',
        createdAt: back[1]!.createdAt,
      }),
    ]);
  });

  it('exports stored rows as a Parquet trajectories table hyparquet reads, in the rows’ order', async () => {
    const rows = ts.map((t) => toRow(t)).reverse();
    const bytes = batchToParquet(rowsBatch(rows));
    const read = await parquetReadObjects({ file: bytes });
    expect(read.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(read.map((r) => r.f1)).toEqual(rows.map((r) => r.f1));
    const back = await parquetToBatch(bytes, 'trajectories', 'x.parquet');
    expect(batchRecords(back)[0]).toMatchObject({
      id: rows[0]!.id,
      searches: rows[0]!.rc,
      over_searches: rows[0]!.eff.redundant,
    });
    // The `/` search's text is not written (derived, ~2 KB a row); opening the file derives it again.
    expect(Object.keys(read[0]!)).not.toContain('search_text');
    expect(Object.keys(read[0]!)).toContain('question');
    expect(back.columns.find((c) => c.name === 'search_text')?.values.every((v) => v === null)).toBe(true);
    const opened = indexedRows(back, null, 'x.parquet');
    expect(opened.map((r) => r.searchText.split(' ')[0])).toEqual(rows.map((r) => `${r.file}:${r.line}`));
  });
});
