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

function notify(n: ChangeNotice): void {
  for (const l of listeners) l(n);
}

export function onDataChange(l: Listener): () => void {
  listeners.add(l);
  return () => void listeners.delete(l);
}
