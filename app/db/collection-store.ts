// Collections in IndexedDB: the list and its counts, rename, and a deletion that can be undone.
// A deletion moves a collection's trajectories and rows (or one import's) into `trashItems` and
// its labels and import reports into a `trash` record, in one transaction, so the table, every
// screen and the known ids see them gone; an undo moves them back in one transaction. The labels
// stay in the backup journal (no `del` is written) until the deletion is made final. docs/storage.md.
import type { Annotation } from '../core/annotations/annotation';
import {
  type Collection,
  type CollectionRef,
  DEMO_COLLECTION,
  fileCollection,
  naturalOrder,
  scopeTest,
} from '../core/collections/collection';
import { unpackTrajectory } from '../core/schema/packed';
import type { Trajectory } from '../core/schema/trajectory';
import { db, type ImportRecord, type TrashRecord } from './db';
import { WRITES_KEY, writeToken } from './known-ids';
import { markRowsWritten } from './rows-writes';

/** Oldest first, then by name: the order every list of collections is shown in. */
const collectionOrder = (a: Collection, b: Collection): number =>
  a.createdAt.localeCompare(b.createdAt) || naturalOrder(a.name, b.name);

/** Every collection, oldest first (one read of the collections store, none of the rows). */
export async function listCollections(): Promise<Collection[]> {
  return (await (await db()).getAll('collections')).sort(collectionOrder);
}

/** A collection with what it holds now. */
export interface CollectionSummary extends Collection {
  trajectories: number;
  /** Labels and notes on its trajectories. */
  labels: number;
  /** Its files (the rows' `file`), in natural order, with their trajectory counts. */
  files: Array<{ file: string; trajectories: number }>;
}

/** Every collection with its counts, oldest first (one read of the rows and the labels' keys). */
export async function collectionSummaries(): Promise<CollectionSummary[]> {
  const d = await db();
  const tx = d.transaction(['collections', 'rows', 'annotations']);
  const collections = await tx.objectStore('collections').getAll();
  const by = new Map<string, { trajectories: number; labels: number; files: Map<string, number> }>(
    collections.map((c) => [c.id, { trajectories: 0, labels: 0, files: new Map() }]),
  );
  const collectionOf = new Map<string, string>();
  let cursor = await tx.objectStore('rows').openCursor();
  while (cursor) {
    const r = cursor.value;
    collectionOf.set(r.id, r.collection);
    const s = by.get(r.collection);
    if (s) {
      s.trajectories++;
      s.files.set(r.file, (s.files.get(r.file) ?? 0) + 1);
    }
    cursor = await cursor.continue();
  }
  let labels = await tx.objectStore('annotations').index('trajectoryId').openKeyCursor();
  while (labels) {
    const s = by.get(collectionOf.get(labels.key) ?? '');
    if (s) s.labels++;
    labels = await labels.continue();
  }
  await tx.done;
  return collections.sort(collectionOrder).map((c) => {
    const s = by.get(c.id)!;
    const files = [...s.files]
      .sort(([a], [b]) => naturalOrder(a, b))
      .map(([file, trajectories]) => ({ file, trajectories }));
    return { ...c, trajectories: s.trajectories, labels: s.labels, files };
  });
}

export async function renameCollection(id: string, name: string): Promise<void> {
  const tx = (await db()).transaction('collections', 'readwrite');
  const c = await tx.store.get(id);
  if (!c) throw new Error(`collection ${id} is not stored`);
  await tx.store.put({ ...c, name });
  await tx.done;
}

/** The collection a stored trajectory belongs to (a fork goes with its parent). */
export async function collectionOfTrajectory(id: string): Promise<CollectionRef | undefined> {
  const d = await db();
  const row = await d.get('rows', id);
  return row ? d.get('collections', row.collection) : undefined;
}

/** The trajectories of a collection (or of one of its files), streamed: its export. */
export async function forEachInCollection(
  collection: string,
  file: string | undefined,
  fn: (t: Trajectory) => void,
): Promise<void> {
  const d = await db();
  const ids = await d.getAllKeysFromIndex('rows', 'collection', collection);
  for (const id of ids) {
    const row = file === undefined ? null : await d.get('rows', id);
    if (row && row.file !== file) continue;
    const t = await d.get('trajectories', id);
    if (t) fn(unpackTrajectory(t));
  }
}

/** Labels and notes on a collection's trajectories. */
export async function annotationsInCollection(collection: string): Promise<Annotation[]> {
  const d = await db();
  const ids = await d.getAllKeysFromIndex('rows', 'collection', collection);
  const tx = d.transaction('annotations');
  const lists = await Promise.all(ids.map((id) => tx.store.index('trajectoryId').getAll(id)));
  await tx.done;
  return lists.flat();
}

/**
 * Deletes a collection (or, with `file`, that one import of it) into the trash, in one transaction:
 * its trajectories, rows, labels, import reports and (whole) the collection itself. Returns the
 * deletion's record, for its undo. Nothing outside it is touched.
 */
export async function deleteCollection(collection: string, file?: string): Promise<TrashRecord> {
  const d = await db();
  const tx = d.transaction(
    ['collections', 'rows', 'trajectories', 'annotations', 'imports', 'trash', 'trashItems', 'meta'],
    'readwrite',
  );
  const c = await tx.objectStore('collections').get(collection);
  if (!c) throw new Error(`collection ${collection} is not stored`);
  const at = new Date().toISOString();
  const deletion = `${at}|${collection}|${file ?? ''}`;
  const rows = await tx.objectStore('rows').index('collection').getAll(collection);
  const taken = file === undefined ? rows : rows.filter((r) => r.file === file);
  const annotations: Annotation[] = [];
  for (const row of taken) {
    const t = await tx.objectStore('trajectories').get(row.id);
    // A row opened from a Parquet index has no body; its row alone comes back on an undo.
    void tx
      .objectStore('trashItems')
      .put({ id: `${deletion}|${row.id}`, deletion, ...(t ? { trajectory: t } : {}), row });
    for (const a of await tx.objectStore('annotations').index('trajectoryId').getAll(row.id)) {
      annotations.push(a);
      void tx.objectStore('annotations').delete(a.id);
    }
    void tx.objectStore('trajectories').delete(row.id);
    void tx.objectStore('rows').delete(row.id);
  }
  const imports = (await tx.objectStore('imports').getAll()).filter(
    (r) => r.collection === collection && (file === undefined || r.file === file),
  );
  for (const r of imports) void tx.objectStore('imports').delete(r.id);
  if (file === undefined) void tx.objectStore('collections').delete(collection);
  const record: TrashRecord = {
    id: deletion,
    at,
    collection: c,
    ...(file === undefined ? {} : { file }),
    trajectories: taken.length,
    annotations,
    imports,
  };
  void tx.objectStore('trash').put(record);
  // Known ids held in memory (an import's) are read again: these are gone.
  void tx.objectStore('meta').put(writeToken(), WRITES_KEY);
  if (taken.length > 0)
    void markRowsWritten(
      tx.objectStore('meta'),
      taken.map((r) => r.id),
    );
  await tx.done;
  return record;
}

/** Deletions that can still be undone, latest first. */
export async function listDeletions(): Promise<TrashRecord[]> {
  const all = await (await db()).getAll('trash');
  return all.sort((a, b) => b.at.localeCompare(a.at));
}

/**
 * Undoes a deletion in one transaction: its trajectories, rows, labels, import reports and
 * collection come back as they were. A trajectory stored again since (its file imported anew)
 * keeps that newer copy; the labels come back all the same.
 */
export async function undoDeletion(id: string): Promise<TrashRecord> {
  const d = await db();
  const tx = d.transaction(
    ['collections', 'rows', 'trajectories', 'annotations', 'imports', 'trash', 'trashItems', 'meta'],
    'readwrite',
  );
  const record = await tx.objectStore('trash').get(id);
  if (!record) throw new Error('this deletion can no longer be undone');
  if (!(await tx.objectStore('collections').get(record.collection.id)))
    void tx.objectStore('collections').put(record.collection);
  const items = await tx.objectStore('trashItems').index('deletion').getAll(id);
  const back: string[] = [];
  for (const it of items) {
    const stored = it.trajectory
      ? await tx.objectStore('trajectories').getKey(it.row.id)
      : await tx.objectStore('rows').getKey(it.row.id);
    if (!stored) {
      if (it.trajectory) void tx.objectStore('trajectories').put(it.trajectory);
      void tx.objectStore('rows').put(it.row);
      back.push(it.row.id);
    }
    void tx.objectStore('trashItems').delete(it.id);
  }
  for (const a of record.annotations) void tx.objectStore('annotations').put(a);
  for (const r of record.imports) void tx.objectStore('imports').put(r);
  void tx.objectStore('trash').delete(id);
  void tx.objectStore('meta').put(writeToken(), WRITES_KEY);
  if (back.length > 0) void markRowsWritten(tx.objectStore('meta'), back);
  await tx.done;
  return record;
}

/** Makes a deletion final (its undo is gone); returns its labels, which the journal then drops. */
export async function purgeDeletion(id: string): Promise<Annotation[]> {
  const d = await db();
  const tx = d.transaction(['trash', 'trashItems'], 'readwrite');
  const record = await tx.objectStore('trash').get(id);
  for (const key of await tx.objectStore('trashItems').index('deletion').getAllKeys(id))
    void tx.objectStore('trashItems').delete(key);
  void tx.objectStore('trash').delete(id);
  await tx.done;
  return record?.annotations ?? [];
}

/** Labels only deletions still hold: the journal keeps them (storage-recovery's snapshot). */
export async function trashedAnnotations(): Promise<Annotation[]> {
  return (await listDeletions()).flatMap((r) => r.annotations);
}

/**
 * The demo's files into the Demo collection: rows a database from before collections gave their
 * file's collection (db.ts migrateToCollections) move, and that collection goes when empty.
 */
export async function adoptDemoFiles(files: readonly string[]): Promise<number> {
  const d = await db();
  const tx = d.transaction(['collections', 'rows', 'meta'], 'readwrite');
  const moved: string[] = [];
  for (const file of files) {
    const from = fileCollection(file).id;
    if (!(await tx.objectStore('collections').get(from))) continue;
    const rows = await tx.objectStore('rows').index('collection').getAll(from);
    for (const r of rows.filter((x) => x.file === file)) {
      void tx.objectStore('rows').put({ ...r, collection: DEMO_COLLECTION.id });
      moved.push(r.id);
    }
    if (rows.every((x) => x.file === file)) void tx.objectStore('collections').delete(from);
  }
  if (moved.length > 0 && !(await tx.objectStore('collections').get(DEMO_COLLECTION.id)))
    void tx.objectStore('collections').put({ ...DEMO_COLLECTION, createdAt: new Date().toISOString() });
  if (moved.length > 0) void markRowsWritten(tx.objectStore('meta'), moved);
  await tx.done;
  return moved.length;
}

export type { ImportRecord };

/** The ids of the trajectories in scope (core/collections scopeTest), read by collection. */
export async function trajectoryIdsInScope(chosen: readonly string[] | null): Promise<Set<string>> {
  const d = await db();
  const collections = await d.getAll('collections');
  const test = scopeTest(chosen, collections);
  const out = new Set<string>();
  const tx = d.transaction('rows');
  let cursor = await tx.store.index('collection').openKeyCursor();
  while (cursor) {
    if (test(String(cursor.key))) out.add(cursor.primaryKey);
    cursor = await cursor.continue();
  }
  return out;
}
