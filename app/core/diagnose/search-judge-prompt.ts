// The model judge's prompt for one trajectory: the rubric, the reply format (the shared label
// format plus a quote per label), and the trajectory as a labeller reads it, searches numbered
// as the labels number them (hops.ts). Pure; app/services/search-judge.ts asks and caches.
import type { ChatMessage } from '../llm/types';
import { finalAnswerText } from '../metrics/trajectory-metrics';
import { goldAnswers, isRetrievalStep } from '../metrics/trajectory-parts';
import type { Trajectory } from '../schema/trajectory';
import { searchHops } from './hops';

/** Passages shown per search, and the characters kept of each (prompt size bound). */
export const JUDGE_PASSAGES_PER_SEARCH = 5;
export const JUDGE_PASSAGE_CHARS = 600;
/** Trajectories with more searches are not judged: the reply would be a label list too long to trust. */
export const MAX_JUDGED_SEARCHES = 64;

const FORMAT = `Reply with one JSON object and nothing else:
{"searches": <number of searches>,
 "first_sufficient_search": <k, 0 or null>,
 "search_labels": [<"necessary" or "redundant", one per search, in order>],
 "under_search": <true or false>,
 "evidence": {"search_labels": [<one exact quote from the trajectory per search>],
              "first_sufficient_search": <exact quote>,
              "under_search": <exact quote>}}`;

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The trajectory as the judge reads it: question, gold, then every step in order. */
export function judgeTranscript(t: Trajectory): string {
  const golds = goldAnswers(t);
  const out = [`Question: ${oneLine(t.question)}`];
  out.push(
    golds.length > 0 ? `Gold answer: ${golds.map(oneLine).join(' | ')}` : 'Gold answer: (none recorded)',
  );
  const searchOf = new Map(searchHops(t).map((h) => [h.step.id, h]));
  for (const s of t.steps) {
    const hop = searchOf.get(s.id);
    if (hop) out.push(`[Search ${hop.search}] query: ${oneLine(hop.query)}`);
    else if (s.text && !isRetrievalStep(s)) out.push(`[${s.kind}] ${oneLine(s.text)}`);
    if (isRetrievalStep(s)) {
      const docs = s.docs.slice(0, JUDGE_PASSAGES_PER_SEARCH);
      docs.forEach((d, i) =>
        out.push(
          `  (${i + 1}) ${d.title ? `${oneLine(d.title)}: ` : ''}${cut(oneLine(d.text), JUDGE_PASSAGE_CHARS)}`,
        ),
      );
      if (s.docs.length > docs.length) out.push(`  (${s.docs.length - docs.length} more passages not shown)`);
    }
  }
  const answer = finalAnswerText(t);
  out.push(answer === undefined ? 'Final answer: (none)' : `Final answer: ${oneLine(answer)}`);
  return out.join('\n');
}

/** The chat the judge is asked: the rubric as system message, the format and transcript as user. */
export function searchJudgeMessages(t: Trajectory, rubric: string): ChatMessage[] {
  const n = searchHops(t).length;
  return [
    { role: 'system', content: rubric.trim() },
    {
      role: 'user',
      content: `${FORMAT}\n\nThis trajectory has ${n} search${n === 1 ? '' : 'es'}.\n\n${judgeTranscript(t)}`,
    },
  ];
}
