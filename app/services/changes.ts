// What stored data changed, announced by the service that changed it once its write has
// committed. One bridge (app/ui/data/invalidation.ts) turns announcements into query refreshes,
// so no view needs to know which cached queries a write makes stale. Plain TS, no React.

export type DataChange =
  | 'trajectories'
  | 'annotations'
  | 'question-sets'
  | 'corpora'
  | 'indexes'
  | 'batches'
  | 'imports'
  | 'probes'
  | 'judge-verdicts'
  | 'plan-rewrites'
  | 'search-judge'
  | 'collections';

export interface ChangeNotice {
  changes: readonly DataChange[];
  /** More of the same write is coming (an import in progress): refresh without restarting reads. */
  partial?: boolean;
  /**
   * The trajectories this write stored (added or replaced), when that is all it changed: the table
   * reads just their rows instead of every row.
   */
  trajectoryIds?: readonly string[];
}

type Listener = (n: ChangeNotice) => void;
const listeners = new Set<Listener>();

export function announce(...changes: DataChange[]): void {
  notify({ changes });
}

/** Trajectories stored by a write still in progress (rows appear while a big file imports). */
export function announceStored(trajectoryIds: readonly string[]): void {
  notify({ changes: ['trajectories'], partial: true, trajectoryIds });
}

/**
 * An import has ended (done, cancelled or failed): its report and what derives from the rows
 * refresh. The table reads just `trajectoryIds`, the ids it stored that no announceStored named
 * (imports only add or replace records, under their final ids), or every row when what it stored
 * is not known ('all': a failure, or news of a batch lost with an ended worker). Every row read
 * again at the end of a 600 × 512 run took the tab from 972 to 1,857 MiB (docs/benchmarks.md).
 */
export function announceImportEnd(trajectoryIds: readonly string[] | 'all'): void {
  const changes: DataChange[] = ['trajectories', 'imports'];
  notify(trajectoryIds === 'all' ? { changes } : { changes, trajectoryIds });
}

function notify(n: ChangeNotice): void {
  for (const l of listeners) l(n);
}

export function onDataChange(l: Listener): () => void {
  listeners.add(l);
  return () => void listeners.delete(l);
}
