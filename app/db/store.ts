// Persistence operations. Every write resolves only after its transaction commits, so the UI
// can show "saved" truthfully.
import type { Annotation } from '../core/annotations/annotation';
import type { AnnotationWrites } from '../core/annotations/change';
import { ROW_VERSION, type TrajectoryRow, toRow } from '../core/table/row';
import { unpackTrajectory } from '../core/schema/packed';
import type { Trajectory } from '../core/schema/trajectory';
import { findQuestionBy } from '../core/corpus/gold-join';
import type { CollectionRef } from '../core/collections/collection';
import { db, type ImportRecord } from './db';
import { backupEntries, backupLabels } from './backup';
import { WRITES_KEY, writeToken } from './known-ids';
import { currentQuestionIndex } from './question-index';
import { writeTrajectories } from './trajectory-write';
import { markRowsWritten, rowsStamp, type RowsStamp } from './rows-writes';

/**
 * Upserts trajectories (stable ids: re-importing replaces, never duplicates), into `collection`,
 * else each into its kind's (trajectory-write.ts).
 */
export async function putTrajectories(
  list: readonly Trajectory[],
  collection?: CollectionRef,
): Promise<void> {
  if (list.length === 0) return;
  await writeTrajectories([], (put) => list.forEach((t) => put(t)), collection ? { collection } : {});
}

/** Every stored trajectory id (keys only: one request, not one per id). */
export async function storedTrajectoryIds(): Promise<Set<string>> {
  return new Set((await (await db()).getAllKeys('trajectories')) as string[]);
}

export async function getTrajectory(id: string): Promise<Trajectory | undefined> {
  const stored = await (await db()).get('trajectories', id);
  return stored && unpackTrajectory(stored);
}

/** The forks made from a trajectory (in id order; callers sort). */
export async function listForks(parentId: string): Promise<Trajectory[]> {
  return (await (await db()).getAllFromIndex('trajectories', 'parentId', parentId)).map(unpackTrajectory);
}

/** Rows read per request: each result is deserialized on the main thread in one task. */
const ROWS_PER_READ = 1000;

export async function listRows(): Promise<TrajectoryRow[]> {
  return (await listRowsStamped()).rows;
}

/**
 * Every stored row (listRows), with the rows' stamp (rows-writes.ts) they are proven current at:
 * read before the first page, so every write it counts is in the rows; when this read re-derives
 * rows, the count of that write too, unless another write came in between.
 */
export async function listRowsStamped(): Promise<{ rows: TrajectoryRow[]; stamp: RowsStamp }> {
  const stamp = await rowsStamp();
  const d = await db();
  // Read in pages, so tens of thousands of rows never stall the page in one long task.
  const rows: TrajectoryRow[] = [];
  for (;;) {
    const last = rows.at(-1)?.id;
    const page = await d.getAll(
      'rows',
      last === undefined ? null : IDBKeyRange.lowerBound(last, true),
      ROWS_PER_READ,
    );
    rows.push(...page);
    if (page.length < ROWS_PER_READ) break;
  }
  const { key, index } = await currentQuestionIndex();
  const goldChanged = (await getMeta<string>(ROWS_GOLD_KEY)) !== key;
  // Re-derived: rows written under an older derivation, and, when the question sets changed,
  // rows that were joined before or match a question now (a row keeps 500 characters of its
  // question, so a longer one is re-derived to be sure). A row opened from a Parquet index has no
  // body to derive from: it stays as the index wrote it (docs/storage.md).
  const stale = rows
    .filter((r) => r.indexed === undefined)
    .filter(
      (r) =>
        r.v !== ROW_VERSION ||
        (goldChanged &&
          (r.goldFrom !== '' ||
            r.question.length >= 500 ||
            (index !== null && findQuestionBy(r.qid || undefined, r.question, index) !== null))),
    )
    .map((r) => r.id);
  if (stale.length === 0) {
    if (goldChanged) await setMeta(ROWS_GOLD_KEY, key);
    return { rows, stamp };
  }
  const fresh: TrajectoryRow[] = [];
  // The collection is the stored row's own (not derived): it stays when the rest is re-derived.
  const collectionOf = new Map(rows.map((r) => [r.id, r.collection]));
  for (const id of stale) {
    const t = await getTrajectory(id);
    if (t) fresh.push({ ...toRow(t, index), collection: collectionOf.get(id) ?? '' });
  }
  const tx = d.transaction(['rows', 'meta'], 'readwrite');
  for (const r of fresh) void tx.objectStore('rows').put(r);
  const counted = markRowsWritten(
    tx.objectStore('meta'),
    fresh.map((r) => r.id),
  );
  await tx.done;
  const { before, seq } = await counted;
  await setMeta(ROWS_GOLD_KEY, key);
  const byId = new Map(fresh.map((r) => [r.id, r]));
  return {
    rows: rows.map((r) => byId.get(r.id) ?? r),
    // The rows hold this write's rows; they hold another's only if none came in between.
    stamp: { seq: before === stamp.seq ? seq : stamp.seq, goldKey: stamp.goldKey },
  };
}

/**
 * The stored rows of these trajectories (one that is not stored is absent), or null when one was
 * derived under another row version or question sets (listRows re-derives those).
 */
export async function getRows(ids: readonly string[]): Promise<Map<string, TrajectoryRow> | null> {
  const d = await db();
  const { key } = await currentQuestionIndex();
  if ((await getMeta<string>(ROWS_GOLD_KEY)) !== key) return null;
  const tx = d.transaction('rows');
  const got = await Promise.all(ids.map((id) => tx.store.get(id)));
  await tx.done;
  const out = new Map<string, TrajectoryRow>();
  for (const r of got) {
    if (!r) continue;
    if (r.v !== ROW_VERSION && r.indexed === undefined) return null;
    out.set(r.id, r);
  }
  return out;
}

/** The question-set key the stored rows were last derived with (see currentQuestionIndex). */
const ROWS_GOLD_KEY = 'rows-gold-key';

export async function countTrajectories(): Promise<number> {
  return (await db()).count('trajectories');
}

export async function deleteFile(file: string): Promise<number> {
  const d = await db();
  const ids = await d.getAllKeysFromIndex('rows', 'file', file);
  const tx = d.transaction(['trajectories', 'rows', 'meta'], 'readwrite');
  for (const id of ids) {
    void tx.objectStore('trajectories').delete(id);
    void tx.objectStore('rows').delete(id);
  }
  // Known ids held in memory (an import's) are read again: these are gone.
  void tx.objectStore('meta').put(writeToken(), WRITES_KEY);
  if (ids.length > 0) void markRowsWritten(tx.objectStore('meta'), ids);
  await tx.done;
  return ids.length;
}

export async function putAnnotations(list: readonly Annotation[]): Promise<void> {
  await restoreAnnotations(list);
  await backupLabels(list);
}

/** Puts labels without adding them to the backup journal: for replaying that journal. */
export async function restoreAnnotations(list: readonly Annotation[]): Promise<void> {
  if (list.length === 0) return;
  const d = await db();
  const tx = d.transaction(['annotations', 'meta'], 'readwrite');
  for (const a of list) void tx.objectStore('annotations').put(a);
  // Labels may name trajectories not stored, which an import then takes back (known-ids.ts).
  void tx.objectStore('meta').put(writeToken(), WRITES_KEY);
  await tx.done;
}

/** Puts and deletes in one transaction (an idempotent label change, see core/annotations/change). */
export async function writeAnnotations(w: AnnotationWrites): Promise<void> {
  if (w.put.length === 0 && w.delete.length === 0) return;
  const d = await db();
  const tx = d.transaction('annotations', 'readwrite');
  for (const id of w.delete) void tx.store.delete(id);
  for (const a of w.put) void tx.store.put(a);
  await tx.done;
  await backupEntries([
    ...w.delete.map((id) => ({ op: 'del' as const, id })),
    ...w.put.map((a) => ({ op: 'put' as const, a })),
  ]);
}

export async function deleteAnnotation(id: string): Promise<void> {
  const d = await db();
  const tx = d.transaction('annotations', 'readwrite');
  await tx.store.delete(id);
  await tx.done;
  await backupEntries([{ op: 'del', id }]);
}

export async function listAnnotations(): Promise<Annotation[]> {
  return (await db()).getAll('annotations');
}

export async function annotationsFor(trajectoryId: string): Promise<Annotation[]> {
  return (await db()).getAllFromIndex('annotations', 'trajectoryId', trajectoryId);
}

export async function putImportRecord(r: ImportRecord): Promise<void> {
  await (await db()).put('imports', r);
}

export async function listImports(): Promise<ImportRecord[]> {
  const all = await (await db()).getAll('imports');
  return all.sort((a, b) => b.at.localeCompare(a.at));
}

export async function getMeta<T>(key: string): Promise<T | undefined> {
  return (await (await db()).get('meta', key)) as T | undefined;
}

export async function setMeta(key: string, value: unknown): Promise<void> {
  await (await db()).put('meta', value, key);
}

/**
 * Like setMeta, but resolves only once the value is on disk (strict durability: the browser
 * flushes before it reports the commit), for what a killed browser must not lose.
 */
export async function setMetaDurably(key: string, value: unknown): Promise<void> {
  await setMetasDurably({ [key]: value });
}

/** Several meta values in one transaction (all or none), on disk when it resolves. */
export async function setMetasDurably(values: Record<string, unknown>): Promise<void> {
  const tx = (await db()).transaction('meta', 'readwrite', { durability: 'strict' });
  for (const [key, value] of Object.entries(values)) void tx.store.put(value, key);
  await tx.done;
}

/** Every trajectory (streamed by cursor), for exports. */
export async function forEachTrajectory(fn: (t: Trajectory) => void): Promise<void> {
  const d = await db();
  let cursor = await d.transaction('trajectories').store.openCursor();
  while (cursor) {
    fn(unpackTrajectory(cursor.value));
    cursor = await cursor.continue();
  }
}

export type { ImportRecord };
