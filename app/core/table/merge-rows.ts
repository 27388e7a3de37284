// The table's rows after some trajectories were stored again: the table worker merges the rows of
// just those trajectories instead of reading every row (an import refreshes it after each batch).
import type { TrajectoryRow } from './row';

/**
 * `rows` (in id order, as IndexedDB lists them) with the row of each id in `ids` replaced by its
 * entry in `fresh`, added in id order when it is new, or dropped when `fresh` has none (the
 * trajectory is gone). Id order keeps ties in a sort where a full read would put them.
 */
export function mergeRows(
  rows: readonly TrajectoryRow[],
  ids: readonly string[],
  fresh: ReadonlyMap<string, TrajectoryRow>,
): TrajectoryRow[] {
  return mergeRowChanges(rows, ids, fresh).rows;
}

/**
 * mergeRows, with what changed: `before`, the rows replaced or dropped, and `after`, the rows that
 * replaced them or were added (what the table worker's running facets and summaries update from).
 */
export function mergeRowChanges(
  rows: readonly TrajectoryRow[],
  ids: readonly string[],
  fresh: ReadonlyMap<string, TrajectoryRow>,
): { rows: TrajectoryRow[]; before: TrajectoryRow[]; after: TrajectoryRow[] } {
  const touched = new Set(ids);
  const kept: TrajectoryRow[] = [];
  const before: TrajectoryRow[] = [];
  const after: TrajectoryRow[] = [];
  for (const r of rows) {
    if (!touched.has(r.id)) kept.push(r);
    else if (touched.delete(r.id)) {
      before.push(r);
      const f = fresh.get(r.id);
      if (f) {
        kept.push(f);
        after.push(f);
      }
    }
  }
  const added: TrajectoryRow[] = [];
  for (const id of touched) {
    const f = fresh.get(id);
    if (f) added.push(f);
  }
  for (const a of added) after.push(a);
  if (added.length === 0) return { rows: kept, before, after };
  added.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const out: TrajectoryRow[] = [];
  let i = 0;
  for (const a of added) {
    while (i < kept.length && kept[i]!.id < a.id) out.push(kept[i++]!);
    out.push(a);
  }
  while (i < kept.length) out.push(kept[i++]!);
  return { rows: out, before, after };
}
