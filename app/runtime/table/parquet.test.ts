// The table's Parquet export and the Import dialog's Parquet open, over a real (fake-indexeddb)
// store and a real log: the export holds the view's rows as filtered and sorted; opened in an empty
// store they become rows with no body (marked), the table and the training summaries read them as
// stored (no re-derivation), and a file of another shape is refused by name with nothing stored.
import 'fake-indexeddb/auto';
import { parquetReadObjects } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../../core/importers/pipeline';
import { SqlTables } from '../../core/sql/columns';
import { batchToParquet } from '../../core/sql/parquet';
import { NO_FILTERS, type TableQuery } from '../../core/table/query';
import { indexedSearches } from '../../core/table/indexed-row';
import { toRow } from '../../core/table/row';
import { summarizeSteps } from '../../core/training/step-summary';
import {
  collectionSummaries,
  deleteCollection,
  listCollections,
  undoDeletion,
} from '../../db/collection-store';
import { getIndexedRow } from '../../db/indexed-rows';
import { countTrajectories, listAnnotations, listImports, listRows, putTrajectories } from '../../db/store';
import { freshDbPerTest, resetDb } from '../../testing/fresh-db';
import { generateStep } from '../../testing/training-run-generator';
import { openParquetIndexes } from '../import/parquet';
import { createTableWorkerApi } from './api';
import { hotpotTrajectories } from '../../testing/hotpot-log';

freshDbPerTest();

const ALL: TableQuery = { filters: NO_FILTERS, sort: null, groupByFile: false, status: {} };

const blob = (bytes: ArrayBuffer) => new Blob([bytes]);

describe('the table as Parquet, and Parquet opened as rows', () => {
  it('exports the view as filtered and sorted, from the stored rows', async () => {
    const ts = await hotpotTrajectories();
    await putTrajectories(ts);
    const api = createTableWorkerApi();
    await api.load();
    const view = api.query({ ...ALL, sort: { key: 'f1', dir: -1 }, filters: { ...NO_FILTERS, text: 'who' } });
    expect(view.count).toBeGreaterThan(0);
    expect(view.count).toBeLessThan(ts.length);
    const { bytes, rows } = api.parquet();
    expect(rows).toBe(view.count);
    const read = await parquetReadObjects({ file: bytes });
    expect(read.map((r) => r.id)).toEqual(view.ids);
    const byId = new Map(ts.map((t) => [t.id, toRow(t)]));
    for (const r of read) expect(r.f1).toBe(byId.get(r.id as string)?.f1);
  });

  it('opens an export in an empty store as marked rows the table and Training page read as stored', async () => {
    // A generated two-step training run, imported, exported whole, then opened in a fresh store.
    const lines = [1, 2].flatMap(
      (s) => generateStep(s, s - 1, { steps: 2, samplesPerStep: 20, seed: 7 }).lines,
    );
    const ts = (
      await importAll(stringChunks(`${lines.join('\n')}\n`), { file: 'run/1.jsonl', format: 'verl' })
    ).trajectories;
    await putTrajectories(ts);
    const api = createTableWorkerApi();
    await api.load();
    // A training run is out of the table's default scope: the view names its collection.
    api.query({
      ...ALL,
      filters: { ...NO_FILTERS, collections: (await listCollections()).map((c) => c.id) },
    });
    const before = api.trainingSummary();
    const exported = api.parquet();
    await resetDb();

    const [opened] = await openParquetIndexes([{ name: 'run.parquet', blob: blob(exported.bytes) }]);
    expect(opened).toMatchObject({ file: 'run.parquet', rows: ts.length, stored: ts.length, searches: null });
    expect(opened?.missing).toEqual([
      'run.searches.parquet not picked: these rows have no searches',
      'run.labels.parquet not picked: no labels were opened with them',
    ]);
    expect(await countTrajectories()).toBe(0);
    const fresh = createTableWorkerApi();
    await fresh.load();
    expect(fresh.query(ALL).total).toBe(ts.length);
    // The summaries are the same numbers, from the rows as stored (no body to derive from).
    expect(fresh.trainingSummary()).toEqual(before.map((s) => ({ ...s })));
    expect(summarizeSteps(await listRows())).toEqual(before);
    const row = await getIndexedRow(ts[0]!.id);
    expect(row?.indexed).toEqual({ parquet: 'run.parquet', searchesOpened: false });
    expect((await listImports())[0]).toMatchObject({
      file: 'run.parquet',
      imported: ts.length,
      status: 'done',
    });
  });

  it('loads the companions picked together, and keeps a row whose body is stored', async () => {
    const ts = await hotpotTrajectories();
    const tables = new SqlTables();
    for (const t of ts) tables.addTrajectory(t);
    tables.addLabel({
      id: 'x',
      trajectoryId: ts[2]!.id,
      label: 'verdict:good',
      annotator: 'ann',
      createdAt: 'now',
    });
    await putTrajectories([ts[0]!]);
    const [opened] = await openParquetIndexes([
      { name: 'run.labels.parquet', blob: blob(batchToParquet(tables.batches.labels)) },
      { name: 'run.parquet', blob: blob(batchToParquet(tables.batches.trajectories)) },
      { name: 'run.searches.parquet', blob: blob(batchToParquet(tables.batches.searches)) },
    ]);
    expect(opened).toMatchObject({
      rows: 30,
      stored: 29,
      searches: tables.batches.searches.rows,
      missing: [],
    });
    expect(await getIndexedRow(ts[0]!.id)).toBeNull();
    const indexed = await getIndexedRow(ts[1]!.id);
    expect(indexed && indexedSearches(indexed)?.length).toBe(toRow(ts[1]!).eff.searches);
    expect((await listAnnotations()).map((a) => [a.trajectoryId, a.label])).toEqual([
      [ts[2]!.id, 'verdict:good'],
    ]);
  });

  it('opens an index into a collection named after its file, deleted and undone whole', async () => {
    const tables = new SqlTables();
    for (const t of await hotpotTrajectories()) tables.addTrajectory(t);
    await openParquetIndexes([
      { name: 'run.parquet', blob: blob(batchToParquet(tables.batches.trajectories)) },
    ]);
    const [c] = await collectionSummaries();
    expect(c).toMatchObject({ name: 'run.parquet', kind: 'import', trajectories: 30 });
    expect((await listImports())[0]?.collection).toBe(c!.id);
    const api = createTableWorkerApi();
    await api.load();
    expect(api.query({ ...ALL, filters: { ...NO_FILTERS, collections: [c!.id] } }).total).toBe(30);
    // A row opened from an index has no body, and still comes back with an undo.
    const deletion = await deleteCollection(c!.id);
    expect(await listRows()).toEqual([]);
    await undoDeletion(deletion.id);
    expect((await listRows()).filter((r) => r.indexed && r.collection === c!.id)).toHaveLength(30);
  });

  it('refuses a file of another shape, or a companion alone, by name, and stores nothing', async () => {
    const tables = new SqlTables();
    for (const t of await hotpotTrajectories()) tables.addTrajectory(t);
    const good = blob(batchToParquet(tables.batches.trajectories));
    await expect(
      openParquetIndexes([
        { name: 'a.parquet', blob: good },
        { name: 'b.parquet', blob: blob(batchToParquet(tables.batches.searches)) },
      ]),
    ).rejects.toThrow(/^b\.parquet: not a Hopscope trajectories table: missing columns id, file, line/);
    await expect(openParquetIndexes([{ name: 'run.searches.parquet', blob: good }])).rejects.toThrow(
      'run.searches.parquet: pick it together with run.parquet, the trajectories it belongs to',
    );
    expect(await listRows()).toEqual([]);
    expect(await listImports()).toEqual([]);
  });
});
