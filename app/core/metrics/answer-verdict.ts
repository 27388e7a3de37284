// One verdict on the final answer, shared by the flags and any view that names it. EM alone
// misleads on real logs: R1-Searcher answers `July 10, 1099` for gold `10 July 1099` (EM 0, F1
// 1.0, the log's own judge says correct). Such answers are near misses (same entity, other
// format or granularity), never wrong-entity. The sense is the papers': ExSearch (appendix A.1)
// notes that EM/F1 miss answers right in another form and its human evaluation (F.2) asks whether
// the prediction implies the gold answer; Learning When to Search (§4.1) scores with an LLM judge
// (LasJ) beside F1. EM itself is unchanged: a near miss is still EM 0.
import { type SameValue, sameValue } from './answer-forms';
import {
  finalAnswerText,
  goldAnswers,
  type TrajectoryMetrics,
  trajectoryMetrics,
} from './trajectory-metrics';
import type { Trajectory } from '../schema/trajectory';

/** Token F1 at or above which an EM-0 answer names the same entity (SQuAD token F1, answer.ts). */
export const NEAR_MISS_F1 = 0.8;

export type AnswerVerdict =
  /** EM 1. */
  | { kind: 'correct' }
  /** EM 0 but the same entity: see `why`. */
  | { kind: 'near-miss'; why: NearMissReason }
  /** EM 0, not a near miss, but a gold answer is inside the answer (cover-EM / FlashRAG acc 1). */
  | { kind: 'covers-gold' }
  /** None of the above, including no answer at all. */
  | { kind: 'wrong' };

export type NearMissReason =
  | { by: SameValue }
  | { by: 'f1'; f1: number }
  /** The log's own judge (`trajectoryMetrics(t).judge`) says correct. */
  | { by: 'judge' };

/** The verdict on `t`'s final answer; null without gold answers (nothing to judge against). */
export function answerVerdict(
  t: Trajectory,
  m: TrajectoryMetrics = trajectoryMetrics(t),
): AnswerVerdict | null {
  if (m.em === null) return null;
  if (m.em === 1) return { kind: 'correct' };
  const pred = finalAnswerText(t);
  if (pred !== undefined) {
    const same = sameValue(pred, goldAnswers(t));
    if (same) return { kind: 'near-miss', why: { by: same } };
    if (m.f1 !== null && m.f1 >= NEAR_MISS_F1) return { kind: 'near-miss', why: { by: 'f1', f1: m.f1 } };
    if (m.judge === 1) return { kind: 'near-miss', why: { by: 'judge' } };
  }
  return m.acc === 1 ? { kind: 'covers-gold' } : { kind: 'wrong' };
}

/** Why a near miss is one, for evidence text: "same date, different format". */
export function nearMissReason(why: NearMissReason): string {
  switch (why.by) {
    case 'date':
      return 'same date, different format';
    case 'number':
      return 'same number, different format';
    case 'f1':
      return `token F1 ${why.f1.toFixed(2)} ≥ ${NEAR_MISS_F1}: same entity, different wording`;
    case 'judge':
      return "the log's own judge says correct";
  }
}
