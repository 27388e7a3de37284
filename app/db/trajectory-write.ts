// Every write of a trajectory stores its table row with it, in one transaction: the row (metrics,
// flags, diagnosis, gold: core/table/row) is derived with the question index current when the
// write began, so the table never shows a row that is not its record's.
import type { IDBPTransaction, StoreNames } from 'idb';
import { packTrajectory } from '../core/schema/packed';
import type { Trajectory } from '../core/schema/trajectory';
import { toRow } from '../core/table/row';
import { db, type HopscopeDB } from './db';
import { currentQuestionIndex } from './question-index';

export type TrajectoryWriteTx<S extends StoreNames<HopscopeDB>> = IDBPTransaction<
  HopscopeDB,
  (S | 'trajectories' | 'rows')[],
  'readwrite'
>;

/**
 * Runs `fn` in a readwrite transaction on the trajectories, their rows and the stores in `also`;
 * `put` stores a trajectory (packed: core/schema/packed) with its row. Resolves with what `fn`
 * returns once the transaction has committed; a throw from `fn` aborts it.
 */
export async function writeTrajectories<T, S extends StoreNames<HopscopeDB> = never>(
  also: readonly S[],
  fn: (put: (t: Trajectory) => void, tx: TrajectoryWriteTx<S>) => T | Promise<T>,
): Promise<T> {
  const d = await db();
  // Before the transaction: an await on another store would let it commit early.
  const { index } = await currentQuestionIndex();
  const tx: TrajectoryWriteTx<S> = d.transaction(['trajectories', 'rows', ...also], 'readwrite');
  const put = (t: Trajectory): void => {
    void tx.objectStore('trajectories').put(packTrajectory(t));
    void tx.objectStore('rows').put(toRow(t, index));
  };
  let out: T;
  try {
    out = await fn(put, tx);
  } catch (e) {
    tx.done.catch(() => {});
    tx.abort();
    throw e;
  }
  await tx.done;
  return out;
}
