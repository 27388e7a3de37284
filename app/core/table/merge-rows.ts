// The table's rows after some trajectories were stored again: the table worker merges the rows of
// just those trajectories instead of reading every row (an import refreshes it after each batch).
import type { TrajectoryRow } from './row';

/**
 * `rows` with the row of each id in `ids` replaced by its entry in `fresh` (kept in place), added
 * at the end when it is new, or dropped when `fresh` has none (the trajectory is gone).
 */
export function mergeRows(
  rows: readonly TrajectoryRow[],
  ids: readonly string[],
  fresh: ReadonlyMap<string, TrajectoryRow>,
): TrajectoryRow[] {
  const touched = new Set(ids);
  const out: TrajectoryRow[] = [];
  for (const r of rows) {
    if (!touched.has(r.id)) out.push(r);
    else if (touched.delete(r.id)) {
      const f = fresh.get(r.id);
      if (f) out.push(f);
    }
  }
  for (const id of touched) {
    const f = fresh.get(id);
    if (f) out.push(f);
  }
  return out;
}
