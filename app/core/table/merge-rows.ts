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

/** The first index of `rows` (in id order) whose id is not below `id`. */
function lowerBound(rows: readonly TrajectoryRow[], id: string): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid]!.id < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * mergeRows, with what changed: `before`, the rows replaced or dropped, and `after`, the rows that
 * replaced them or were added (what the table worker's running facets and summaries update from).
 * Each id is found by binary search and the untouched runs of rows are copied by slice: the work
 * in JS per batch grows with the batch, not with the rows held (an import merges once a second).
 */
export function mergeRowChanges(
  rows: readonly TrajectoryRow[],
  ids: readonly string[],
  fresh: ReadonlyMap<string, TrajectoryRow>,
): { rows: TrajectoryRow[]; before: TrajectoryRow[]; after: TrajectoryRow[] } {
  // Each id once, in id order, with where it is or would go.
  const edits = [...new Set(ids)]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((id) => {
      const at = lowerBound(rows, id);
      return { id, at, held: at < rows.length && rows[at]!.id === id };
    });
  const before: TrajectoryRow[] = [];
  const replaced: TrajectoryRow[] = [];
  const added = new Set<string>();
  const parts: TrajectoryRow[][] = [];
  let from = 0;
  for (const e of edits) {
    const f = fresh.get(e.id);
    if (!e.held && !f) continue;
    parts.push(rows.slice(from, e.at));
    if (f) parts.push([f]);
    if (e.held) {
      before.push(rows[e.at]!);
      if (f) replaced.push(f);
      from = e.at + 1;
    } else {
      added.add(e.id);
      from = e.at;
    }
  }
  parts.push(rows.slice(from));
  // The added rows in the order the ids came (what the old merge listed), after the replaced ones.
  const after = replaced;
  for (const id of new Set(ids)) if (added.has(id)) after.push(fresh.get(id)!);
  return { rows: concatAll(parts), before, after };
}

/** The parts joined, concat taking at most 10,000 arrays a call (an argument-count limit). */
function concatAll(parts: TrajectoryRow[][]): TrajectoryRow[] {
  if (parts.length === 1) return parts[0]!;
  let out: TrajectoryRow[] = [];
  for (let i = 0; i < parts.length; i += 10_000) out = out.concat(...parts.slice(i, i + 10_000));
  return out;
}
