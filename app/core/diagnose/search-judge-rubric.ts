// The model judge's rubric: Hopscope's own wording of the over/under-search definitions
// (docs/diagnose.md, "Definitions"), which the judge is given as its instructions, Docent-style: a
// rubric plus a label set to measure it with. The user may edit it; every edit is a new version
// (a hash of the text), which is part of each cached reply's key and stored with each label.
import { hash53 } from '../hash';

export const DEFAULT_SEARCH_RUBRIC = `You label how a search agent used its searches, reading its trajectory in order.

Definitions:
- Search k is the k-th search action (1-based, in the order the trajectory shows them) together with the passages it returned.
- The sufficiency point (first_sufficient_search) is the smallest k such that the passages of searches 1..k, plus common knowledge, support the gold answer (or an answer equivalent to it). It is 0 when no search was needed, and null when the passages never support it.
- A search is "redundant" when it was issued after the sufficiency point, or when it re-asks what an earlier passage already states, or when its query is a near-duplicate of an earlier query. Every other search is "necessary", even when it found nothing useful.
- Under-search (under_search) is true when the agent gave its final answer while its evidence did not support the gold answer and more searching could have found it. A correct answer that no passage and no common knowledge supports (a lucky guess) is under-search; an answer about the wrong entity is under-search. If no search could have found the missing fact, it is not under-search.

Quote the trajectory for every label: copy a short exact span (a few words to one sentence) from the question, a query, a passage or the agent's text that shows why. Never paraphrase a quote.`;

/** A rubric's version: "r" and a hash of its text (whitespace at the ends ignored). */
export function rubricVersion(rubric: string): string {
  return `r${hash53(rubric.trim())}`;
}

export const DEFAULT_RUBRIC_VERSION = rubricVersion(DEFAULT_SEARCH_RUBRIC);
