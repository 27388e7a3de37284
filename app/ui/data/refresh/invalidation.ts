// The one bridge from data changes to cached queries: services announce what they changed
// (app/services/changes.ts) and this maps it to the query keys it makes stale.
import type { QueryClient } from '@tanstack/react-query';
import { type ChangeNotice, type DataChange, onDataChange } from '../../../services/changes';
import { noteRowsChanged } from '../trajectories/table-view';

/** Query-key prefixes each change makes stale. */
const STALE: Record<DataChange, ReadonlyArray<readonly string[]>> = {
  trajectories: [
    ['rows'],
    ['imports'],
    ['forks'],
    ['calibration'],
    ['label-queue'],
    ['unsure-judge'],
    ['collections'],
  ],
  annotations: [['annotations'], ['calibration'], ['label-queue']],
  // Rows join gold from the question sets, so the table re-derives them (app/db/store listRows).
  // An open trajectory shows gold joined from the question sets too (app/runtime/trajectory/view).
  'question-sets': [
    ['question-sets'],
    ['question-index'],
    ['rows'],
    ['trajectory-view'],
    ['calibration'],
    ['label-queue'],
    ['unsure-judge'],
  ],
  corpora: [['corpora'], ['question-sets'], ['question-index'], ['rows'], ['trajectory-view'], ['indexes']],
  indexes: [['indexes']],
  batches: [['batches']],
  imports: [['imports']],
  probes: [['probes']],
  'judge-verdicts': [['judge-verdicts']],
  // SEPR uses a cached model rewrite of the gold plan.
  'plan-rewrites': [['rewards'], ['plan-rewrites']],
  'search-judge': [['search-judge'], ['calibration'], ['label-queue'], ['unsure-judge']],
  // The table worker reads the collections with the rows (the default scope leaves training runs out).
  collections: [['collections'], ['rows'], ['calibration'], ['label-queue'], ['unsure-judge']],
};

export function staleKeys(changes: readonly DataChange[]): Array<readonly string[]> {
  const keys = new Map<string, readonly string[]>();
  for (const c of changes) for (const k of STALE[c]) keys.set(k.join('\u0000'), k);
  return [...keys.values()];
}

function refresh(qc: QueryClient, n: ChangeNotice): Promise<void> {
  const keys = staleKeys(n.changes);
  // Before the invalidation below starts the table's read: it reads what changed since its last.
  if (keys.some((k) => k[0] === 'rows')) noteRowsChanged(n.trajectoryIds);
  // A refresh still reading is left to finish while a write is in progress, rather than
  // restarted: restarts piled up reads of every row and long GC pauses during big imports.
  const opts = n.partial ? { cancelRefetch: false } : {};
  return Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey }, opts))).then(() => undefined);
}

/** Installs the bridge (once, where the query client is made); returns its uninstaller. */
export function bridgeDataChanges(qc: QueryClient): () => void {
  return onDataChange((n) => void refresh(qc, n));
}
