// Whether a finished run failed: a model or retriever that could not be reached (or another error)
// ends a run with a finish reason, not an exception, so the steps so far stay on screen. Such a run
// is not a result: live runs, forks and batches all refuse to store it as finished.
import type { Trajectory } from '../schema/trajectory';

const FAILED = new Set(['llm_error', 'retriever_error', 'error']);

/** Why `t` failed (its finish reason and the last step's error), or null if it did not. */
export function runFailure(t: Pick<Trajectory, 'finishReason' | 'steps'>): string | null {
  if (!FAILED.has(t.finishReason ?? '')) return null;
  const why = t.steps.findLast((s) => s.error)?.error;
  return `${t.finishReason}${why ? `: ${why}` : ''}`;
}
