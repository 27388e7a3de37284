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

/**
 * tableFacets kept up to date as rows come and go (the table worker after an import's batch):
 * each choice counts the rows offering it, so a change costs its own rows, not a pass over all.
 */
export class FacetCounts {
  private readonly strategies = new Map<string, number>();
  private readonly files = new Map<string, number>();
  private readonly flags = new Map<string, number>();
  private live = 0;

  reset(rows: Iterable<TrajectoryRow>): void {
    this.strategies.clear();
    this.files.clear();
    this.flags.clear();
    this.live = 0;
    this.change([], rows);
  }

  /** `before` (rows replaced or gone) let go, then `after` counted. */
  change(before: Iterable<TrajectoryRow>, after: Iterable<TrajectoryRow>): void {
    for (const r of before) this.count(r, -1);
    for (const r of after) this.count(r, 1);
  }

  facets(): TableFacets {
    const sorted = (m: Map<string, number>) => [...m.keys()].sort(naturalOrder);
    return {
      strategies: sorted(this.strategies),
      files: sorted(this.files),
      flags: sorted(this.flags),
      anyLive: this.live > 0,
    };
  }

  private count(r: TrajectoryRow, by: 1 | -1): void {
    bump(this.strategies, r.strategy, by);
    bump(this.files, r.file, by);
    for (const f of new Set(r.flags)) bump(this.flags, f, by);
    if (r.live) this.live += by;
  }
}

function bump(m: Map<string, number>, key: string, by: number): void {
  const n = (m.get(key) ?? 0) + by;
  if (n > 0) m.set(key, n);
  else m.delete(key);
}
