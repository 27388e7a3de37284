// Every write of a trajectory stores its table row with it, in one transaction: the row (metrics,
// flags, diagnosis, gold: core/table/row) is derived with the question index current when the
// write began, so the table never shows a row that is not its record's. Each write also stores a
// fresh token (known-ids.ts), so a context holding the known ids in memory sees another wrote, and
// counts the rows it wrote (rows-writes.ts).
import type { IDBPTransaction, StoreNames } from 'idb';
import { packTrajectory } from '../core/schema/packed';
import type { Trajectory } from '../core/schema/trajectory';
import { type TrajectoryRow, toRow } from '../core/table/row';
import { type CollectionRef, writtenCollection } from '../core/collections/collection';
import { db, type HopscopeDB } from './db';
import { WRITES_KEY, writeToken } from './known-ids';
import { currentQuestionIndex } from './question-index';
import { markRowsWritten } from './rows-writes';

export type TrajectoryWriteTx<S extends StoreNames<HopscopeDB>> = IDBPTransaction<
  HopscopeDB,
  (S | 'trajectories' | 'rows' | 'meta' | 'collections')[],
  'readwrite'
>;

/**
 * Runs `fn` in a readwrite transaction on the trajectories, their rows, meta and the stores in
 * `also`; `put` stores a trajectory (packed: core/schema/packed) with its row. After `fn`, the
 * write's `token` is stored under WRITES_KEY (`fn` still reads the one before). Resolves with what
 * `fn` returns once the transaction has committed; a throw from `fn` aborts it. `put(t, row)`
 * stores a row derived before (deriveRows, under `opts.rowsKey`) as `t`'s, unless the question
 * sets changed since: then it is derived again. Each trajectory goes to `opts.collection` (stored
 * with that name when new), or, without one, to the collection its kind of record gets
 * (core/collections writtenCollection: its training run, the live runs, the forks, its file).
 */
export async function writeTrajectories<T, S extends StoreNames<HopscopeDB> = never>(
  also: readonly S[],
  fn: (
    put: (t: Trajectory, row?: TrajectoryRow) => void,
    tx: TrajectoryWriteTx<S>,
    token: string,
  ) => T | Promise<T>,
  opts: { rowsKey?: string; collection?: CollectionRef } = {},
): Promise<T> {
  const d = await db();
  // Before the transaction: an await on another store would let it commit early.
  const { key, index } = await currentQuestionIndex();
  const rowsCurrent = opts.rowsKey === key;
  const stores = [
    ...new Set<S | 'trajectories' | 'rows' | 'meta' | 'collections'>([
      'trajectories',
      'rows',
      'meta',
      'collections',
      ...also,
    ]),
  ];
  const tx: TrajectoryWriteTx<S> = d.transaction(stores, 'readwrite');
  const token = writeToken();
  const at = new Date().toISOString();
  const ensured = new Set<string>();
  const written: string[] = [];
  const put = (t: Trajectory, row?: TrajectoryRow): void => {
    const c = opts.collection ?? writtenCollection(t);
    if (!ensured.has(c.id)) {
      ensured.add(c.id);
      const store = tx.objectStore('collections');
      // An aborted write (a full disk) fails these too; tx.done reports it, so they are not rethrown.
      store
        .get(c.id)
        .then((there) => (there ? undefined : store.put({ ...c, createdAt: at })))
        .catch(() => {});
    }
    void tx.objectStore('trajectories').put(packTrajectory(t));
    // One copy of the row, not two (a row has dozens of fields): the same keys in the same order.
    const r = row && rowsCurrent ? row : toRow(t, index);
    void tx.objectStore('rows').put({ ...r, id: t.id, collection: c.id });
    written.push(t.id);
  };
  let out: T;
  try {
    out = await fn(put, tx, token);
    void tx.objectStore('meta').put(token, WRITES_KEY);
    if (written.length > 0) void markRowsWritten(tx.objectStore('meta'), written);
  } catch (e) {
    tx.done.catch(() => {});
    tx.abort();
    throw e;
  }
  await tx.done;
  return out;
}

/** Rows derived before a write, with the question sets' key they were derived under. */
export interface DerivedRows {
  key: string;
  rows: TrajectoryRow[];
}

/**
 * The rows of `list`, derived outside any transaction: a record with a million gold aliases takes
 * seconds, and a transaction held open that long blocks every other write and the settling of a
 * cancelled import (import-stop.ts). A row's id is its record's, so a moved record's row follows.
 */
export async function deriveRows(list: readonly Trajectory[]): Promise<DerivedRows> {
  const { key, index } = await currentQuestionIndex();
  return { key, rows: list.map((t) => toRow(t, index)) };
}
