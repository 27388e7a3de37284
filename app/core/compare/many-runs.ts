// Many runs of one question (a sweep, repeated samples, a training run's steps) seen at once: the
// answers they gave with how many gave each, and their summaries in a chosen order, so a few can
// be picked to compare side by side. Numbers are the runs' own (RunSummary, their trajectory views).
import { normalizeAnswer } from '../metrics/normalize';
import type { RunSummary } from './types';

/** Above this many runs the compare view lists them and compares only the ones picked. */
export const SIDE_BY_SIDE_MAX = 4;

export interface AnswerCount {
  /** The answer as the first run that gave it wrote it; null: no answer. */
  text: string | null;
  runs: number;
  /** Whether these runs' answers match a gold answer exactly (EM 1); null without gold. */
  correct: boolean | null;
}

/**
 * The distinct answers, most given first (ties in order of first appearance). Answers count as one
 * when equal after SQuAD normalization, the normalization exact match uses.
 */
export function answerCounts(runs: readonly RunSummary[]): AnswerCount[] {
  const byKey = new Map<string, AnswerCount>();
  for (const r of runs) {
    const text = r.trajectory.answer?.text ?? null;
    const key = text === null ? '\u0000none' : normalizeAnswer(text);
    const seen = byKey.get(key);
    if (seen) seen.runs += 1;
    else byKey.set(key, { text, runs: 1, correct: r.metrics.em === null ? null : r.metrics.em === 1 });
  }
  return [...byKey.values()].sort((a, b) => b.runs - a.runs);
}

export type RunSortKey = 'run' | 'em' | 'f1' | 'acc' | 'rc' | 'steps' | 'sufficient' | 'recall';

function sortValue(r: RunSummary, i: number, key: RunSortKey): number | null {
  switch (key) {
    case 'run':
      return i;
    case 'sufficient':
      // Earlier is better: the search it came after; never after every run that reached one.
      return r.sufficiency.status === 'at'
        ? r.sufficiency.search
        : r.sufficiency.status === 'never'
          ? Number.POSITIVE_INFINITY
          : null;
    case 'recall':
      return r.coverage.goldPassageRecall;
    default:
      return r.metrics[key];
  }
}

/**
 * Indices into `runs` in the order of `key` (`dir` 1 ascending, -1 descending); runs without a
 * value last either way, ties in run order.
 */
export function sortRuns(runs: readonly RunSummary[], key: RunSortKey, dir: 1 | -1): number[] {
  const vals = runs.map((r, i) => sortValue(r, i, key));
  return runs
    .map((_, i) => i)
    .sort((a, b) => {
      const va = vals[a] ?? null;
      const vb = vals[b] ?? null;
      if (va === null || vb === null) return va === vb ? a - b : va === null ? 1 : -1;
      return va === vb ? a - b : (va < vb ? -1 : 1) * dir;
    });
}
