// When-to-Search ("Learning When to Search: Multi-Stage Reward Design for Efficient Agentic RAG
// with Reasoning Language Models", OpenReview XVtORJ0AXN). No public code was found. The default
// prompt carries, in our words and in the paper's order, every rule of the instruction its trained
// model receives (appendix B.4, "Instruction for Trained RLM", six rules): think first from
// internal knowledge; when that suffices, <reflect> then <answer> and never <search>; search only
// when knowledge is genuinely insufficient, with a short keyword query (not a question) carrying
// names, dates, places and key concepts; after <information>, reflect and answer, or explain the
// gap and search again; a concise final answer, with search a last resort. These rules drive the
// retrieval count, the paper's headline quantity. The rollout is Search-R1's (the paper builds on
// it; see tagged-loop.ts), with the limits of Table 5: max_turns 5 turns that may search, then one
// more turn with search disabled (Search-R1's final rollout), so up to 5 searches; a model turn
// writes at most max_action_length 8192 tokens and the whole response after the prompt (turns and
// <information> blocks, as the veRL tool-agent loop those parameters belong to counts it) at most
// max_response_length 16384; each turn is also bounded by the context the model has left where
// its adapter reports it (turn-budget.ts). Top-k 5 (§4.2).
import { formatDocs, SEARCH_R1_DOC } from './docs';
import { oneLine } from './parse';
import { SEARCH_R1_PROMPTS } from './search-r1';
import { execute, type Session } from './session';
import { type TaggedLoopConfig, taggedLoop } from './tagged-loop';
import { fillTemplate } from './template';
import type { StrategyDef } from './types';

export interface WhenToSearchParams {
  topK: number;
  /** Turns that may search (Table 5, max_turns); one more turn with search disabled follows. */
  maxTurns: number;
  /** Tokens a turn may write (Table 5, max_action_length), bounded by the model's context. */
  maxTokens: number;
  /** Tokens of the whole response after the prompt (Table 5, max_response_length). */
  maxResponseTokens: number;
  temperature: number;
}

export const WHEN_TO_SEARCH_PROMPTS = {
  // Appendix B.4, rules 1–6 in order; `{question}` follows the rules.
  system:
    'Answer the question below by following this reasoning protocol.\n\n' +
    '1. Always start with a short sketch of your reasoning inside <think> and </think>. Base it mainly on your own knowledge and reasoning; if that knowledge is enough to answer, do not assume you need outside tools.\n' +
    '2. If your own knowledge is enough: summarize your reasoning briefly inside <reflect> and </reflect>, then give the final answer inside <answer> and </answer>. In that case never write a <search> block.\n' +
    '3. Only when your own knowledge is truly not enough: write one short keyword search query inside <search> and </search>. Keep it as short as possible while still holding the facts that pin the answer down (names, dates, places, key concepts). Write it as a few keywords, not as a question in natural language.\n' +
    '4. When the system returns results inside <information> and </information>: if they are reliable and enough, combine them with your reasoning inside <reflect> and </reflect>, then give the concise final answer inside <answer> and </answer>.\n' +
    '5. If the results are not enough, or disagree with what you know: explain the problem inside <reflect> and </reflect> and, if needed, write a revised <search> query.\n' +
    '6. Finally: the answer must be short and clear, inside <answer> and </answer>. Your own reasoning in <think> always comes first; searching is a last resort, not the default.\n\n' +
    'Question: {question}\n',
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
  defaults: { topK: 5, maxTurns: 5, maxTokens: 8192, maxResponseTokens: 16384, temperature: 0 },
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
    finalRollout: true,
    topK: p.topK,
    maxTokens: p.maxTokens,
    maxResponseTokens: p.maxResponseTokens,
    temperature: p.temperature,
    tags: { think: 'think', reflect: 'reflect' },
    parseSearch: (body) => ({ queries: oneLine(body) ? [oneLine(body)] : [] }),
    information: (perQuery) => formatDocs(perQuery.flat(), doc),
    invalidMessage: s.prompt('invalid'),
  };
}
