// The four categories of "Learning When to Search" (§4.1, Fig. 4): every question is run with and
// without retrieval, and the two verdicts put it in one of four cells: right both ways, right only
// with retrieval (retrieval helped), right only without (retrieval hurt: noise), wrong both ways.
// Pure; "correct" is the caller's correctness signal (EM by default; the paper's is an LLM judge).
// A question the signal has no verdict on (not judged yet) is left out and counted as unjudged.
import { answerCorrect, type Correctness, EM_CORRECTNESS } from '../judge/correctness';
import { normalizeText } from '../metrics/normalize';
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
  return answerCorrect(t, EM_CORRECTNESS) === true;
}

/**
 * Pairs two runs' trajectories by question: the normalized question text (qids are not stable
 * across runs and live runs have none). A question present in only one run is listed in
 * `unmatched`; when a run holds a question twice, its first trajectory is used. A pair where
 * `isCorrect` gives null for either side (no verdict yet) is listed in `unjudged`.
 */
export function pairByQuestion(
  withRetrieval: readonly Trajectory[],
  withoutRetrieval: readonly Trajectory[],
  isCorrect: (t: Trajectory) => boolean | null = emCorrect,
): { pairs: RetrievalPair[]; unmatched: string[]; unjudged: string[] } {
  const key = (t: Trajectory) => normalizeText(t.question);
  const without = new Map<string, Trajectory>();
  for (const t of withoutRetrieval) if (!without.has(key(t))) without.set(key(t), t);
  const pairs: RetrievalPair[] = [];
  const unmatched: string[] = [];
  const unjudged: string[] = [];
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
    const a = isCorrect(t);
    const b = isCorrect(other);
    if (a === null || b === null) unjudged.push(t.question);
    else pairs.push({ question: t.question, withRetrieval: a, withoutRetrieval: b });
  }
  for (const [k, t] of without) if (!seen.has(k)) unmatched.push(t.question);
  return { pairs, unmatched, unjudged };
}

/** `isCorrect` for `pairByQuestion` under a correctness signal. */
export function correctUnder(c: Correctness): (t: Trajectory) => boolean | null {
  return (t) => answerCorrect(t, c);
}
