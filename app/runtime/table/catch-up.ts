// A read of "every row" that reads only what changed: when the rows the table worker holds are
// proven current at a stamp (stored-summary.ts) and the write log (db/rows-writes.ts) names the ids
// of every write since, those rows are read and merged, and the rest are known unchanged. An
// import's end asks the table for every row again (whatever progress reached the page); at
// 100,000 rows held that full read was a third of the last step file's time, and it grew with
// every row stored (docs/benchmarks.md, "Training runs").
import { mergeRowChanges } from '../../core/table/merge-rows';
import type { TrajectoryRow } from '../../core/table/row';
import { getRows } from '../../db/store';
import { ROWS_LOG, type RowsStamp, rowWritesBetween, rowsStamp } from '../../db/rows-writes';

export interface CaughtUp {
  rows: TrajectoryRow[];
  stamp: RowsStamp;
  changed: { before: TrajectoryRow[]; after: TrajectoryRow[] };
  /** The ids written since the proof (read again; a gone one dropped). */
  ids: string[];
}

/**
 * `rows`, proven current at `proven`, brought up to the rows stored now by reading only the rows
 * the writes logged since wrote; null when that cannot be proven (no proof, other question sets, a
 * write logged as "any row", more writes than the log keeps, a row stored under another
 * derivation): the caller reads every row.
 */
export async function catchUpRows(
  rows: readonly TrajectoryRow[],
  proven: RowsStamp | null,
): Promise<CaughtUp | null> {
  if (!proven) return null;
  // Before the reads: every write it counts is in what they find (as loadIds).
  const stamp = await rowsStamp();
  if (stamp.goldKey !== proven.goldKey || stamp.seq < proven.seq || stamp.seq - proven.seq > ROWS_LOG)
    return null;
  const writes = await rowWritesBetween(proven.seq, stamp.seq);
  const ids = new Set<string>();
  for (const w of writes) {
    if (w === null) return null;
    for (const id of w) ids.add(id);
  }
  const list = [...ids];
  const fresh = list.length ? await getRows(list) : new Map<string, TrajectoryRow>();
  if (fresh === null) return null;
  const m = mergeRowChanges(rows, list, fresh);
  return { rows: m.rows, stamp, changed: { before: m.before, after: m.after }, ids: list };
}
