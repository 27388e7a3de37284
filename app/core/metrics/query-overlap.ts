// Shared by the flags and the over/under-search detectors (app/core/diagnose): when two queries
// ask the same thing, and when finding a gold answer in a passage says nothing.
import { containsAnyAnswer, normalizeAnswer } from './normalize';

/** Two queries are near-identical at this token Jaccard (or with equal normalized text). */
export const REPEATED_QUERY_JACCARD = 0.8;

/** |A ∩ B| / |A ∪ B| of two token sets; 0 when both are empty. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let inter = 0;
  for (const t of a) if (b.has(t)) inter += 1;
  const union = a.size + b.size - inter;
  return union === 0 ? 0 : inter / union;
}

const YES_NO = new Set(['yes', 'no']);

/** True when finding a gold answer string in a doc says nothing about being done. */
export function answerIsUninformative(question: string, answers: readonly string[]): boolean {
  return answers.some((a) => YES_NO.has(normalizeAnswer(a)) || containsAnyAnswer(question, [a]));
}
