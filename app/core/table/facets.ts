// The filter choices the table's rows offer (strategies, files, flags), read once per load of the
// rows, not per query.
import { naturalOrder } from '../collections/collection';
import type { TrajectoryRow } from './row';

/** The filter choices the rows offer, and whether any row is a live run. */
export interface TableFacets {
  strategies: string[];
  files: string[];
  flags: string[];
  anyLive: boolean;
}

export function tableFacets(rows: readonly TrajectoryRow[]): TableFacets {
  const strategies = new Set<string>();
  const files = new Set<string>();
  const flags = new Set<string>();
  let anyLive = false;
  for (const r of rows) {
    strategies.add(r.strategy);
    files.add(r.file);
    for (const f of r.flags) flags.add(f);
    anyLive ||= !!r.live;
  }
  // Natural order: step files 1, 2, 10, 11, not 1, 10, 11, 2.
  const sorted = (s: Set<string>) => [...s].sort(naturalOrder);
  return { strategies: sorted(strategies), files: sorted(files), flags: sorted(flags), anyLive };
}
