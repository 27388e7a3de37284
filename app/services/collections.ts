// Collections as use cases: the list with its counts, rename, export, delete (a whole collection
// or one import of it) with an undo, and making a deletion final. A deletion keeps its labels in
// the labels' backup journal until it is made final (docs/storage.md).
import type { Collection } from '../core/collections/collection';
import { backupEntries } from '../db/backup';
import {
  collectionSummaries,
  deleteCollection,
  listCollections,
  listDeletions,
  purgeDeletion,
  renameCollection,
  undoDeletion,
} from '../db/collection-store';
import type { TrashRecord } from '../db/db';
import { announce } from './changes';

export type { CollectionSummary } from '../db/collection-store';
export type { TrashRecord };
export { collectionSummaries, listCollections, listDeletions };

/** Everything a deletion or its undo changes. */
const CHANGED = ['trajectories', 'annotations', 'imports', 'collections'] as const;

export async function renameCollectionTo(id: string, name: string): Promise<void> {
  const trimmed = name.trim();
  if (!trimmed) throw new Error('a collection needs a name');
  await renameCollection(id, trimmed);
  announce('collections');
}

/**
 * Deletes a collection, or one import (`file`) of it, keeping it for an undo. Its labels are not
 * removed from the backup journal.
 */
export async function deleteCollectionKeepingUndo(
  collection: Pick<Collection, 'id'>,
  file?: string,
): Promise<TrashRecord> {
  const r = await deleteCollection(collection.id, file);
  announce(...CHANGED);
  return r;
}

export async function undoDelete(id: string): Promise<TrashRecord> {
  const r = await undoDeletion(id);
  announce(...CHANGED);
  return r;
}

/** Makes a deletion final: no undo, and its labels leave the backup journal. */
export async function deleteForGood(id: string): Promise<void> {
  const labels = await purgeDeletion(id);
  await backupEntries(labels.map((a) => ({ op: 'del' as const, id: a.id })));
  announce('collections');
}
