// The one place that knows which cached queries a change of stored data makes stale. Code that
// changes data says what changed; this maps it to query keys. (Not every caller goes through it
// yet: see docs/architecture.md §7.)
import type { QueryClient } from '@tanstack/react-query';

export type DataChange = 'trajectories' | 'annotations' | 'question-sets' | 'corpora';

/** Query-key prefixes each change makes stale. */
const STALE: Record<DataChange, ReadonlyArray<readonly string[]>> = {
  trajectories: [['rows'], ['imports'], ['calibration']],
  annotations: [['annotations'], ['calibration'], ['label-queue']],
  // Rows join gold from the question sets, so the table re-derives them (app/db/store listRows).
  'question-sets': [['question-sets'], ['question-index'], ['rows'], ['calibration'], ['label-queue']],
  corpora: [['corpora'], ['question-sets'], ['question-index'], ['rows'], ['indexes']],
};

export function dataChanged(qc: QueryClient, ...changes: DataChange[]): Promise<void> {
  const keys = new Map<string, readonly string[]>();
  for (const c of changes) for (const k of STALE[c]) keys.set(k.join('\u0000'), k);
  return Promise.all([...keys.values()].map((queryKey) => qc.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}
