// What the model already knew (issue 38's third pattern): the labelling guidelines set the
// sufficiency point to 0 when the question is "answerable without search" from common knowledge.
// The trace shows the model's knowledge only where its text before the first search already
// states the answer it finally gave, and that answer is right, and the first search names that
// answer: a search that only confirms what was stated. A bare word the question itself names
// (yes/no, one side of a comparison) states nothing, and neither does a stop word.
import { normalizeText } from '../metrics/normalize';
import type { Trajectory } from '../schema/trajectory';
import type { SearchHop } from './hops';
import { excerpt, quote } from './hops';
import { contentWords, isUninformative } from './question-kind';

export interface KnownAnswer {
  /** The model's words before its first search that state the answer, quoted. */
  evidence: string;
}

export function knownBeforeSearch(
  t: Trajectory,
  hops: readonly SearchHop[],
  pred: string | undefined,
  correct: boolean | null,
): KnownAnswer | null {
  const first = hops[0];
  if (!first || pred === undefined || correct !== true) return null;
  const answer = normalizeText(pred);
  if (contentWords(pred).length === 0 || isUninformative(t.question, [pred])) return null;
  const has = (text: string) => ` ${normalizeText(text)} `.includes(` ${answer} `);
  if (!has(first.query)) return null;
  const before: string[] = [];
  for (const s of t.steps) {
    if (s === first.step) break;
    if (s.kind !== 'search' && s.text !== undefined) before.push(s.text);
  }
  const text = before.join(' ');
  if (!has(text)) return null;
  return {
    evidence: `Before its first search the agent already stated its answer ${quote(pred, 60)}: ${excerpt(text, pred)}; search 1 ${quote(first.query, 80)} only confirms it.`,
  };
}
