// ExSearch's retrieval metrics, R@k and P@k (k = 3, 5; ExSearch §5.2 "Improves Retrieval
// Performance", Table 3 for recall and appendix Table 7 for precision). The paper follows prior
// work in calling a retrieved document correct when it contains the answer to the input question;
// that is the default relevance here (`docContainsAnswer`, whole normalized words). Against gold
// supporting passages instead (`relevance: 'gold'`), a document is correct when it is one of them.
//
// An agent retrieves many times, so per trajectory:
//   - the top-k of a retrieval step are its first k documents by rank (the retriever's order);
//   - R@k pools the top-k of every retrieval step: with answer relevance, 1 when some pooled
//     document contains a gold answer, else 0 (recall of "the ground truth", a hit); with gold
//     relevance, the share of gold passages among the pooled documents;
//   - P@k is the mean over retrieval steps of (correct documents in the step's top-k) / k, which
//     is the usual P@k for a single retrieval.
// Both are null without the gold they need; P@k is null when nothing was retrieved.
import type { Doc, Trajectory } from '../schema/trajectory';
import { docContainsAnswer, goldAnswers, goldPassageRecall, isRetrievalStep } from './trajectory-parts';

export type Relevance = 'answer' | 'gold';

export interface AtK {
  k: number;
  recall: number | null;
  precision: number | null;
}

function topK(docs: readonly Doc[], k: number): Doc[] {
  return docs
    .map((d, i) => ({ d, key: d.rank ?? i + 1 }))
    .sort((a, b) => a.key - b.key)
    .slice(0, k)
    .map((x) => x.d);
}

/** R@k and P@k of a trajectory's retrieved documents (see the header for the definitions). */
export function retrievalAtK(t: Trajectory, k: number, relevance: Relevance = 'answer'): AtK {
  const answers = goldAnswers(t);
  const hasGold = relevance === 'answer' ? answers.length > 0 : (t.gold?.supporting?.length ?? 0) > 0;
  if (!hasGold) return { k, recall: null, precision: null };
  const correct = (d: Doc) => (relevance === 'answer' ? docContainsAnswer(d, answers) : d.gold === true);
  const tops = t.steps.filter(isRetrievalStep).map((s) => topK(s.docs, k));
  const pooled = tops.flat();
  const recall =
    relevance === 'answer' ? (pooled.some(correct) ? 1 : 0) : (goldPassageRecall(t, pooled) ?? 0);
  const precision =
    tops.length === 0
      ? null
      : tops.reduce((sum, top) => sum + top.filter(correct).length / k, 0) / tops.length;
  return { k, recall, precision };
}

/** ExSearch's four numbers (R@3, R@5, P@3, P@5) under one relevance. */
export function exsearchRetrievalMetrics(
  t: Trajectory,
  relevance: Relevance = 'answer',
): { r3: number | null; r5: number | null; p3: number | null; p5: number | null } {
  const at3 = retrievalAtK(t, 3, relevance);
  const at5 = retrievalAtK(t, 5, relevance);
  return { r3: at3.recall, r5: at5.recall, p3: at3.precision, p5: at5.precision };
}
