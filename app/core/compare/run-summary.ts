// Per-run numbers beside the aligned rows: metric deltas against the first run, the sufficiency
// point and the evidence coverage. Every metric comes from the run's trajectory view (never recomputed).
import {
  type TrajectoryMetrics,
  docContainsAnswer,
  goldAnswers,
  isRetrievalStep,
} from '../metrics/trajectory-metrics';
import type { Trajectory } from '../schema/trajectory';
import type { Coverage, DeltaKey, Sufficiency } from './types';

const DELTA_KEYS: readonly DeltaKey[] = ['em', 'f1', 'acc', 'rc', 'steps'];

export function metricDeltas(m: TrajectoryMetrics, base: TrajectoryMetrics): Record<DeltaKey, number | null> {
  const out = {} as Record<DeltaKey, number | null>;
  for (const k of DELTA_KEYS) {
    const a = m[k];
    const b = base[k];
    out[k] = a === null || b === null ? null : a - b;
  }
  return out;
}

/**
 * The trace-only sufficiency point: the smallest k such that the documents returned by searches
 * 1..k contain a gold answer (`docContainsAnswer`, the builder's `containsAnswer` mark). This is
 * GUIDELINES.md's `first_sufficient_search` without the reader's judgment: it cannot see common
 * knowledge (its "0") nor evidence that supports the answer without stating it, and it counts an
 * answer string in a passage about the wrong entity as sufficient. `rowOf` maps a step id to
 * its aligned row.
 */
export function sufficiencyPoint(t: Trajectory, rowOf: (stepId: string) => number): Sufficiency {
  const answers = goldAnswers(t);
  if (answers.length === 0) return { status: 'no-gold' };
  let searches = 0;
  for (const s of t.steps) {
    if (s.kind === 'search') searches += 1;
    if (isRetrievalStep(s) && s.docs.some((d) => docContainsAnswer(d, answers))) {
      // The search step that issued these docs, when the docs ride on a retrieve step after it.
      const k = Math.max(1, searches);
      return { status: 'at', search: k, stepId: s.id, row: rowOf(s.id) };
    }
  }
  return { status: 'never' };
}

export function evidenceCoverage(m: TrajectoryMetrics): Coverage {
  return {
    goldPassageRecall: m.goldPassageRecall,
    answerRetrieved: m.answerRecall === null ? null : m.answerRecall === 1,
  };
}
