// When-to-Search ("Learning When to Search: Multi-Stage Reward Design for Efficient Agentic RAG
// with Reasoning Language Models", OpenReview XVtORJ0AXN). No public code was found, so the
// prompt is written from the paper's protocol (DESIGN.md §4): think first from internal knowledge;
// when it suffices, <reflect> then <answer>; otherwise a short keyword <search>, and after each
// <information>, <reflect> and answer or search again. The rollout is Search-R1's (the paper
// builds on it; see tagged-loop.ts) except that `maxTurns` counts every model turn, so the trajectory parses like its logs (think → (search →
// information → reflect)* → answer, the shape its format reward checks). Defaults: top-k 5,
// max 5 turns.
import { formatDocs, SEARCH_R1_DOC } from './docs';
import { oneLine } from './parse';
import { SEARCH_R1_PROMPTS } from './search-r1';
import { execute, type Session } from './session';
import { type TaggedLoopConfig, taggedLoop } from './tagged-loop';
import { fillTemplate } from './template';
import type { StrategyDef } from './types';

export interface WhenToSearchParams {
  topK: number;
  /** Model turns in all; the last one cannot search. */
  maxTurns: number;
  maxTokens: number;
  temperature: number;
}

export const WHEN_TO_SEARCH_PROMPTS = {
  system:
    'Answer the given question. You must conduct reasoning inside <think> and </think> first, relying on your own knowledge. If your knowledge is sufficient, reflect on it inside <reflect> and </reflect> and then give the answer inside <answer> and </answer>. If it is not, call a search engine with a short keyword query by <search> query </search> and it will return the top searched results between <information> and </information>. After reading them, reflect inside <reflect> and </reflect>, then either answer or search again. Search only when you need to, and give the answer without detailed illustrations. For example, <answer> Beijing </answer>. Question: {question}\n',
  doc: SEARCH_R1_DOC,
  invalid: SEARCH_R1_PROMPTS.invalid,
};

export const whenToSearch: StrategyDef<WhenToSearchParams> = {
  id: 'when-to-search',
  label: 'When-to-Search',
  paper:
    'Learning When to Search: Multi-Stage Reward Design for Efficient Agentic RAG (OpenReview XVtORJ0AXN)',
  description:
    'Thinks from internal knowledge first and answers directly when that suffices; otherwise issues a short keyword search, reflects on each result and answers or searches again.',
  defaults: { topK: 5, maxTurns: 5, maxTokens: 500, temperature: 0 },
  prompts: WHEN_TO_SEARCH_PROMPTS,
  run: (ctx) =>
    execute(whenToSearch, ctx, async function* (s) {
      const result = yield* taggedLoop(s, whenToSearchLoop(s));
      return result.reason;
    }),
};

/** When-to-Search's rollout as a tagged-loop configuration (forks resume it, see app/core/fork). */
export function whenToSearchLoop(s: Session<WhenToSearchParams>): TaggedLoopConfig {
  const p = s.params;
  const doc = s.prompt('doc');
  return {
    prompt: fillTemplate(s.prompt('system'), { question: s.question.trim() }),
    maxTurns: p.maxTurns,
    finalRollout: false,
    topK: p.topK,
    maxTokens: p.maxTokens,
    temperature: p.temperature,
    tags: { think: 'think', reflect: 'reflect' },
    parseSearch: (body) => ({ queries: oneLine(body) ? [oneLine(body)] : [] }),
    information: (perQuery) => formatDocs(perQuery.flat(), doc),
    invalidMessage: s.prompt('invalid'),
  };
}
