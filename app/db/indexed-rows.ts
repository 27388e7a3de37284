// Rows opened from a Parquet index (core/sql/indexed-rows), stored as rows with no trajectory body
// (docs/storage.md): written in transactions of ROWS_PER_TX, with the labels and the import's
// report. A row whose trajectory body is stored already keeps the row derived from that body.
import type { Annotation } from '../core/annotations/annotation';
import type { CollectionRef } from '../core/collections/collection';
import type { TrajectoryRow } from '../core/table/row';
import { db, type ImportRecord } from './db';
import { markRowsWritten } from './rows-writes';
import { restoreAnnotations, storedTrajectoryIds } from './store';

/** Rows written per transaction: small enough that no one transaction holds a big run. */
const ROWS_PER_TX = 1000;

export interface IndexedWrite {
  /** Rows stored as indexed rows. */
  stored: number;
  /** Rows left as they were: their trajectory body is stored, and its row is derived from it. */
  kept: number;
}

/**
 * Stores the rows (and labels) of an opened index into `collection` (stored with that name when
 * new), then its report; resolves once committed.
 */
export async function putIndexedRows(
  rows: readonly TrajectoryRow[],
  labels: readonly Annotation[],
  record: ImportRecord,
  collection: CollectionRef,
): Promise<IndexedWrite> {
  const d = await db();
  const bodies = await storedTrajectoryIds();
  const fresh = rows.filter((r) => !bodies.has(r.id));
  if (!(await d.get('collections', collection.id)))
    await d.put('collections', { ...collection, createdAt: record.at });
  for (let i = 0; i < fresh.length; i += ROWS_PER_TX) {
    const tx = d.transaction(['rows', 'meta'], 'readwrite');
    const part = fresh.slice(i, i + ROWS_PER_TX);
    for (const r of part) void tx.objectStore('rows').put({ ...r, collection: collection.id });
    void markRowsWritten(
      tx.objectStore('meta'),
      part.map((r) => r.id),
    );
    await tx.done;
  }
  await restoreAnnotations(labels);
  await d.put('imports', { ...record, collection: collection.id });
  return { stored: fresh.length, kept: rows.length - fresh.length };
}

/** The stored row of `id` when it came from a Parquet index (no body); null otherwise. */
export async function getIndexedRow(id: string): Promise<TrajectoryRow | null> {
  const row = await (await db()).get('rows', id);
  return row?.indexed ? row : null;
}
