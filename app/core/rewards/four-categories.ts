// The four categories of the When-to-Search analysis (DESIGN.md §5): every question is run with
// and without retrieval, and the two verdicts put it in one of four cells: right both ways, right
// only with retrieval (retrieval helped), right only without (retrieval hurt: noise), wrong both
// ways. Pure; "correct" is whatever the caller judged (EM by default in `pairByQuestion`).
import { exactMatch } from '../metrics/answer';
import { normalizeText } from '../metrics/normalize';
import { finalAnswerText, goldAnswers } from '../metrics/trajectory-metrics';
import type { Trajectory } from '../schema/trajectory';

export const CATEGORIES = ['both-right', 'helped', 'hurt', 'both-wrong'] as const;
export type RetrievalCategory = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<RetrievalCategory, string> = {
  'both-right': 'right with and without retrieval',
  helped: 'right only with retrieval (retrieval helped)',
  hurt: 'right only without retrieval (retrieval hurt: noise)',
  'both-wrong': 'wrong with and without retrieval',
};

export interface RetrievalPair {
  /** The question's key (qid or question text). */
  question: string;
  withRetrieval: boolean;
  withoutRetrieval: boolean;
}

export function categorize(withRetrieval: boolean, withoutRetrieval: boolean): RetrievalCategory {
  if (withRetrieval) return withoutRetrieval ? 'both-right' : 'helped';
  return withoutRetrieval ? 'hurt' : 'both-wrong';
}

export interface FourCategories {
  counts: Record<RetrievalCategory, number>;
  total: number;
  perQuestion: Array<{ question: string; category: RetrievalCategory }>;
}

export function fourCategories(pairs: readonly RetrievalPair[]): FourCategories {
  const counts: Record<RetrievalCategory, number> = { 'both-right': 0, helped: 0, hurt: 0, 'both-wrong': 0 };
  const perQuestion = pairs.map((p) => {
    const category = categorize(p.withRetrieval, p.withoutRetrieval);
    counts[category] += 1;
    return { question: p.question, category };
  });
  return { counts, total: pairs.length, perQuestion };
}

/** EM of the trajectory's final answer against its gold; a missing answer is wrong. */
export function emCorrect(t: Trajectory): boolean {
  const pred = finalAnswerText(t);
  return pred !== undefined && exactMatch(pred, goldAnswers(t)) === 1;
}

/**
 * Pairs two runs' trajectories by question: the normalized question text (qids are not stable
 * across runs and live runs have none). A question present in only one run is listed in
 * `unmatched`; when a run holds a question twice, its first trajectory is used.
 */
export function pairByQuestion(
  withRetrieval: readonly Trajectory[],
  withoutRetrieval: readonly Trajectory[],
  isCorrect: (t: Trajectory) => boolean = emCorrect,
): { pairs: RetrievalPair[]; unmatched: string[] } {
  const key = (t: Trajectory) => normalizeText(t.question);
  const without = new Map<string, Trajectory>();
  for (const t of withoutRetrieval) if (!without.has(key(t))) without.set(key(t), t);
  const pairs: RetrievalPair[] = [];
  const unmatched: string[] = [];
  const seen = new Set<string>();
  for (const t of withRetrieval) {
    const k = key(t);
    if (seen.has(k)) continue;
    seen.add(k);
    const other = without.get(k);
    if (!other) {
      unmatched.push(t.question);
      continue;
    }
    pairs.push({ question: t.question, withRetrieval: isCorrect(t), withoutRetrieval: isCorrect(other) });
  }
  for (const [k, t] of without) if (!seen.has(k)) unmatched.push(t.question);
  return { pairs, unmatched };
}
