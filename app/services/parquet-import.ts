// Opening Parquet indexes from the Import dialog: the picked `.parquet` files (run.parquet with
// run.searches.parquet and run.labels.parquet when picked together) are read, checked and stored
// in an import worker of their own (runtime/import/parquet); the page then backs the labels up
// and announces the rows. A file of another shape is refused by name and nothing is stored.
import type { CollectionRef } from '../core/collections/collection';
import { plural } from '../core/plural';
import { isParquetName } from '../core/sql/parquet-set';
import { backupLabels } from '../db/backup';
import type { OpenedIndex } from '../runtime/import/parquet';
import { startImportWorker } from '../runtime/import/client';
import { announce } from './changes';

export { isParquetName };
export type { OpenedIndex };

/** Opens the picked indexes, into `into` or each into a new collection named after its file. */
export async function openParquetFiles(files: readonly File[], into?: CollectionRef): Promise<OpenedIndex[]> {
  const worker = startImportWorker();
  try {
    const opened = await worker.api.openParquetIndexes(
      files.map((f) => ({ name: f.name, blob: f })),
      into,
    );
    for (const o of opened) if (o.labels) await backupLabels(o.labels);
    announce('trajectories', 'annotations', 'imports', 'collections');
    return opened;
  } finally {
    worker.terminate();
  }
}

/** One index opened, in one line for the dialog. */
export function openedIndexSummary(o: OpenedIndex): string {
  const parts = [
    `${plural(o.rows, 'row')} opened from a Parquet index, without trajectory bodies`,
    ...(o.stored < o.rows ? [`${o.rows - o.stored} kept as derived from their stored trajectories`] : []),
    ...(o.searches !== null ? [plural(o.searches, 'search')] : []),
    ...(o.labels !== null ? [plural(o.labels.length, 'label')] : []),
    ...o.missing,
  ];
  return `${o.file}: ${parts.join('; ')}`;
}
