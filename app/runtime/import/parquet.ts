// Opening Parquet indexes (`index`'s run.parquet, or the table's Parquet export) in the import
// worker: every picked file is read and checked against the schema first, so a file of another
// shape is refused by name before anything is stored; then the rows are stored as rows with no
// trajectory body (db/indexed-rows, docs/storage.md), with the labels of a picked companion.
import type { Annotation } from '../../core/annotations/annotation';
import type { ColumnBatch } from '../../core/sql/columns';
import { indexedRows, labelsOfBatch } from '../../core/sql/indexed-rows';
import { parquetToBatch } from '../../core/sql/parquet';
import { missingCompanions, parquetSets } from '../../core/sql/parquet-set';
import type { TableName } from '../../core/sql/schema';
import { putIndexedRows } from '../../db/indexed-rows';
import { importStart } from '../../db/import-record';
import { type CollectionRef, newImportCollection } from '../../core/collections/collection';

export interface ParquetPick {
  name: string;
  blob: Blob;
}

/** What opening one index stored, and what it lacked. */
export interface OpenedIndex {
  file: string;
  /** Rows in the file. */
  rows: number;
  /** Of those, rows stored as indexed rows; the rest have their trajectory body stored already. */
  stored: number;
  /** Searches read from the companion file; null when it was not picked. */
  searches: number | null;
  labels: Annotation[] | null;
  /** The companions not picked, each in words. */
  missing: string[];
}

async function read(pick: ParquetPick, table: TableName): Promise<ColumnBatch> {
  return parquetToBatch(await pick.blob.arrayBuffer(), table, pick.name);
}

/**
 * Opens the picked indexes; each goes into `into` when given, else into a new collection named
 * after its `.parquet` file.
 */
export async function openParquetIndexes(
  picks: readonly ParquetPick[],
  into?: CollectionRef,
): Promise<OpenedIndex[]> {
  const byName = new Map(picks.map((p) => [p.name, p]));
  const sets = parquetSets(picks.map((p) => p.name));
  // Everything is read and checked before anything is stored.
  const loaded = [];
  for (const set of sets) {
    const pick = (n: string | null) => (n === null ? null : byName.get(n)!);
    const searches = pick(set.searches);
    const labels = pick(set.labels);
    loaded.push({
      set,
      trajectories: await read(pick(set.trajectories)!, 'trajectories'),
      searches: searches && (await read(searches, 'searches')),
      labels: labels && (await read(labels, 'labels')),
    });
  }
  const out: OpenedIndex[] = [];
  for (const l of loaded) {
    const rows = indexedRows(l.trajectories, l.searches, l.set.trajectories);
    const labels = l.labels && labelsOfBatch(l.labels);
    const start = importStart(l.set.trajectories);
    const collection = into ?? newImportCollection(l.set.trajectories, start.at);
    const w = await putIndexedRows(
      rows,
      labels ?? [],
      {
        id: start.id,
        file: l.set.trajectories,
        format: 'parquet index',
        records: rows.length,
        imported: rows.length,
        errors: [],
        annotations: labels?.length ?? 0,
        at: start.at,
        status: 'done',
      },
      collection,
    );
    out.push({
      file: l.set.trajectories,
      rows: rows.length,
      stored: w.stored,
      searches: l.searches?.rows ?? null,
      labels,
      missing: missingCompanions(l.set),
    });
  }
  return out;
}
