// APEX-Searcher's final confidence in [0, 1] (v1 §3.2.3): answer specificity, completeness of the
// collected information and absence of uncertainty words, combined by weights (equal by default).
// The paper names the three factors but not a formula; the scales below are ours.
import type { PlanNode } from '../../schema/trajectory';
import { normalizeAnswer } from '../../metrics/normalize';

export interface ConfidenceWeights {
  specificity: number;
  completeness: number;
  certainty: number;
}

export const DEFAULT_CONFIDENCE_WEIGHTS: ConfidenceWeights = {
  specificity: 1,
  completeness: 1,
  certainty: 1,
};

export const UNCERTAINTY_WORDS =
  /\b(maybe|perhaps|possibly|probably|likely|unlikely|unclear|uncertain|unknown|unsure|not sure|cannot|can't|could not|couldn't|unable|insufficient|no information|not enough|not mentioned|not provided|might|seems?|appears?|guess|approximately)\b/i;

const VAGUE = /^(unknown|none|n\/?a|no answer|not known|i dont know|unanswerable|nothing)$/;

export function isVague(answer: string): boolean {
  const n = normalizeAnswer(answer);
  return n === '' || VAGUE.test(n);
}

/** 1 for a short, definite answer; lower as it gets longer; 0 when empty or vague. */
export function specificity(answer: string): number {
  if (isVague(answer)) return 0;
  const tokens = normalizeAnswer(answer).split(' ').filter(Boolean).length;
  if (tokens <= 4) return 1;
  if (tokens <= 8) return 0.75;
  if (tokens <= 16) return 0.5;
  return 0.25;
}

/** Share of plan steps answered definitely (done, not vague, no uncertainty words). */
export function completeness(nodes: readonly PlanNode[]): number {
  if (nodes.length === 0) return 0;
  const ok = nodes.filter(
    (n) =>
      n.status === 'done' &&
      n.answer !== undefined &&
      !isVague(n.answer) &&
      !UNCERTAINTY_WORDS.test(n.answer),
  );
  return ok.length / nodes.length;
}

/** 1 without uncertainty words; 0.5 when only sub-answers hedge; 0 when the final answer does. */
export function certainty(answer: string, nodes: readonly PlanNode[]): number {
  if (UNCERTAINTY_WORDS.test(answer)) return 0;
  return nodes.some((n) => n.answer !== undefined && UNCERTAINTY_WORDS.test(n.answer)) ? 0.5 : 1;
}

export function apexConfidence(
  answer: string,
  nodes: readonly PlanNode[],
  weights: ConfidenceWeights = DEFAULT_CONFIDENCE_WEIGHTS,
): number {
  const total = weights.specificity + weights.completeness + weights.certainty;
  if (!(total > 0)) return 0;
  const c =
    (weights.specificity * specificity(answer) +
      weights.completeness * completeness(nodes) +
      weights.certainty * certainty(answer, nodes)) /
    total;
  return Math.round(Math.min(1, Math.max(0, c)) * 1000) / 1000;
}
