// Answer metrics: EM, token F1 and acc / cover-EM, each the max over gold aliases (SQuAD v1.1's
// evaluate-v1.1.py `metric_max_over_ground_truths`). Normalization is the shared
// `normalizeAnswer`, SQuAD's exactly unless the caller asks for the "extended" variant, so every
// view and reward scores the same strings the same way. QAgent calls acc "non-strict EM" (§4.1).
import { type Normalization, normalizeAnswer } from './normalize';

/**
 * HotpotQA's official eval (hotpot_evaluate_v1.py, `f1_score`): when the normalized prediction or
 * the normalized gold is yes/no/noanswer and the two differ, F1 is 0. SQuAD's evaluate-v1.1.py,
 * which the other datasets' F1 follows, has no such rule.
 */
const SPECIAL_ANSWERS: ReadonlySet<string> = new Set(['yes', 'no', 'noanswer']);

/** Dataset-specific F1 rules. */
export interface F1Rules {
  /** HotpotQA's yes/no/noanswer rule (see SPECIAL_ANSWERS). */
  hotpotYesNo?: boolean;
}

/** The F1 rules of a trajectory's dataset: HotpotQA's rule when its name says HotpotQA. */
export function f1RulesFor(dataset: string | undefined): F1Rules {
  return { hotpotYesNo: /hotpot/i.test(dataset ?? '') };
}

/** 1 when the normalized prediction equals a normalized gold alias, else 0 (no aliases → 0). */
export function exactMatch(pred: string, golds: readonly string[], mode?: Normalization): number {
  const p = normalizeAnswer(pred, mode);
  return golds.some((g) => normalizeAnswer(g, mode) === p) ? 1 : 0;
}

/** Token F1 of two already-normalized strings (SQuAD v1.1 / HotpotQA: no overlap → 0). */
function tokenF1(p: string, g: string, rules: F1Rules): number {
  if (rules.hotpotYesNo === true && (SPECIAL_ANSWERS.has(p) || SPECIAL_ANSWERS.has(g)) && p !== g) return 0;
  const pt = p.split(' ').filter(Boolean);
  const gt = g.split(' ').filter(Boolean);
  // Multiset intersection, as Python's Counter(a) & Counter(b).
  const counts = new Map<string, number>();
  for (const t of gt) counts.set(t, (counts.get(t) ?? 0) + 1);
  let same = 0;
  for (const t of pt) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      same += 1;
      counts.set(t, c - 1);
    }
  }
  if (same === 0) return 0;
  const precision = same / pt.length;
  const recall = same / gt.length;
  return (2 * precision * recall) / (precision + recall);
}

/** SQuAD token F1, max over aliases; with `hotpotYesNo`, HotpotQA's yes/no/noanswer rule. */
export function f1Score(
  pred: string,
  golds: readonly string[],
  mode?: Normalization,
  rules: F1Rules = {},
): number {
  const p = normalizeAnswer(pred, mode);
  let best = 0;
  for (const g of golds) best = Math.max(best, tokenF1(p, normalizeAnswer(g, mode), rules));
  return best;
}

/**
 * Acc / cover-EM: 1 when a normalized gold alias is a substring of the normalized prediction.
 * Follows FlashRAG's `Sub_ExactMatch` (metric_name "acc", flashrag/evaluator/metrics.py,
 * `golden_answer in normalized_prediction`): a plain character substring, not whole tokens, so
 * gold "cat" covers "concatenate". One deliberate deviation: an alias that normalizes to ""
 * (e.g. "The") is skipped, since Python's `"" in s` would make every prediction correct.
 */
export function coverEM(pred: string, golds: readonly string[], mode?: Normalization): number {
  const p = normalizeAnswer(pred, mode);
  return golds.some((g) => {
    const n = normalizeAnswer(g, mode);
    return n.length > 0 && p.includes(n);
  })
    ? 1
    : 0;
}
