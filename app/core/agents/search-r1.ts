// Search-R1 (Jin et al. 2025, "Search-R1: Training LLMs to Reason and Leverage Search Engines with
// Reinforcement Learning"; code PeterGriffinJin/Search-R1). The prompt is the one its data scripts
// write (scripts/data_process/nq_search.py; also in the chat-templated query of its FlashRAG eval
// logs); the loop, the information block and the invalid-action notice follow
// search_r1/llm_agent/generation.py (see tagged-loop.ts). Defaults: top-k 3, max turns 4.
import { formatDocs, SEARCH_R1_DOC } from './docs';
import { oneLine } from './parse';
import { execute, type Session } from './session';
import { type TaggedLoopConfig, taggedLoop } from './tagged-loop';
import { fillTemplate } from './template';
import type { StrategyDef } from './types';

export interface SearchR1Params {
  /** Docs per search (GenerationConfig.topk). */
  topK: number;
  /** Turns whose search is executed; a final rollout follows (run_llm_loop's max_turns). */
  maxTurns: number;
  /** Tokens per turn (max_response_length). */
  maxTokens: number;
  temperature: number;
}

export const SEARCH_R1_PROMPTS = {
  system:
    'Answer the given question. You must conduct reasoning inside <think> and </think> first every time you get new information. After reasoning, if you find you lack some knowledge, you can call a search engine by <search> query </search> and it will return the top searched results between <information> and </information>. You can search as many times as your want. If you find no further external knowledge needed, you can directly provide the answer inside <answer> and </answer>, without detailed illustrations. For example, <answer> Beijing </answer>. Question: {question}\n',
  doc: SEARCH_R1_DOC,
  invalid:
    '\nMy previous action is invalid. If I want to search, I should put the query between <search> and </search>. If I want to give the final answer, I should put the answer between <answer> and </answer>. Let me try again.\n',
};

/** nq_search.py's `process_fn`: the question is stripped and ends with "?". */
export function searchR1Question(q: string): string {
  const t = q.trim();
  return t.endsWith('?') ? t : `${t}?`;
}

export const searchR1: StrategyDef<SearchR1Params> = {
  id: 'search-r1',
  label: 'Search-R1',
  paper: 'Jin et al. 2025, Search-R1 (arXiv:2503.09516); github.com/PeterGriffinJin/Search-R1',
  description:
    'One prompt: the model reasons in <think>, searches with <search> query </search>, reads the top-k docs in <information>, and ends with <answer>.',
  defaults: { topK: 3, maxTurns: 4, maxTokens: 500, temperature: 0 },
  prompts: SEARCH_R1_PROMPTS,
  run: (ctx) =>
    execute(searchR1, ctx, async function* (s) {
      const result = yield* taggedLoop(s, searchR1Loop(s));
      return result.reason;
    }),
};

/** Search-R1's rollout as a tagged-loop configuration (forks resume it, see app/core/fork). */
export function searchR1Loop(s: Session<SearchR1Params>): TaggedLoopConfig {
  const p = s.params;
  const doc = s.prompt('doc');
  return {
    prompt: fillTemplate(s.prompt('system'), { question: searchR1Question(s.question) }),
    maxTurns: p.maxTurns,
    finalRollout: true,
    topK: p.topK,
    maxTokens: p.maxTokens,
    temperature: p.temperature,
    tags: { think: 'think' },
    // The whole body is the query (generation.py passes it to the retriever as is).
    parseSearch: (body) => ({ queries: oneLine(body) ? [oneLine(body)] : [] }),
    information: (perQuery) => formatDocs(perQuery.flat(), doc),
    invalidMessage: s.prompt('invalid'),
  };
}
