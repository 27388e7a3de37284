// QAgent (Jiang et al. 2025, "QAgent: A modular Search Agent with Interactive Query Understanding",
// arXiv:2510.08383; code github.com/OpenStellarTeam/QAgent, not reachable from here). The loop is
// Algorithm 1 (§3.4): <plan> → <search> with <query> elements → <information> holding every
// query's passages in one block (`Passage #i title` / text) → <reflection> → … → <answer> (a few
// words). The default prompt carries every instruction of the paper's template (Table 5,
// appendix F) in our words and order. Table 5 names the reflection tag both <reflection> and
// <reflect>; both are read as a reflect step here and by the importer.
//
// More than three queries in one <search>: Table 5 asks for no more than 3, but Algorithm 1 (lines
// 10–14) parses every <query> of the search and retrieves for each, with no cap and no retry; the
// retry prompt (line 18) is only for a turn with neither search nor answer tags. So by default
// every query runs; `enforceQueryLimit` makes an over-long search an invalid action instead.
//
// The rollout reuses Search-R1's (its rollout_QAgent.py is derived from it): search-capable loops,
// then a final rollout without search. Passages are top-1 per query. Every result goes into the
// <information> block (Algorithm 1 l.13, y ← y ⊕ <information> C </information>); de-duplication
// is of the passage set only (l.14, K ← K ∪ C): a passage seen before is marked duplicate on the
// retrieve step and the frozen generator reads it once.
//
// Submodule mode (the paper's stage-2 "generalized" setting, §3.4 Eq. 8–9): after the agent stops,
// a frozen generator (`ctx.generator`, else the run's model) answers from the collected passage
// set alone; its answer is the run's answer. The paper prints no generator prompt; ours follows
// FlashRAG's standard RAG template.
import type { StepInput } from '../schema/builder';
import { formatDocs, QAGENT_DOC, SEARCH_R1_DOC } from './docs';
import { queryTags } from './parse';
import { type Ev, execute, type Session } from './session';
import { type TaggedLoopConfig, type TaggedResume, taggedLoop } from './tagged-loop';
import { fillTemplate } from './template';
import type { FinishReason, StrategyDef } from './types';

export interface QAgentParams {
  /** Search-capable loops; a final rollout without search follows. */
  maxLoops: number;
  /** Passages per query. */
  topK: number;
  /** Queries per <search> the prompt allows (Table 5: no more than 3). */
  maxQueries: number;
  /**
   * Treat a search with more than `maxQueries` queries as an invalid action. Off by default:
   * Algorithm 1 retrieves for every query it parses.
   */
  enforceQueryLimit: boolean;
  /** Mark passages seen earlier as duplicates (the block still shows them, Algorithm 1 l.13). */
  dedupe: boolean;
  maxTokens: number;
  temperature: number;
  /** Answer with a frozen generator from the collected passages (stage-2 setting). */
  submodule: boolean;
  /** Tokens for the frozen generator's answer. */
  generatorMaxTokens: number;
}

export const QAGENT_PROMPTS = {
  // Table 5's instructions in its order; `{maxQueries}` is its "no more than 3".
  system:
    'Search for information to answer the question below; whenever you find you are missing some knowledge, you may search as often as you need. You will work in a loop of this shape:\n' +
    '<plan> … </plan>\n<search> … </search>\n<information> … </information>\n<reflection> … </reflection>\n<plan> … </plan> (when not done yet)\n<reflection> … </reflection>\n<answer> … </answer>\n' +
    'Every time before you call the search engine, plan first inside <plan> and </plan>.\n' +
    'After planning you may search with several queries at once, at most {maxQueries}, written as <search>\n<query> first query </query>\n<query> second query </query>\n<query> last query </query>\n</search>, and the results come back between <information> and </information>.\n' +
    'Once the information has arrived, you must reflect on it and put the reflection between <reflection> and </reflection>.\n' +
    'Remember: plan inside <plan> and </plan> before searching, and reflect inside <reflect> and </reflect> after the information arrives.\n' +
    'Remember: each query goes between <query> and </query>, and all of the queries go together between <search> and </search>, for example <search>\n <query> first query </query>\n <query> second query </query>\n </search>.\n' +
    'If the task is not finished yet, start a new <plan>.\n' +
    'When you find that no more outside knowledge is needed, give the answer directly inside <answer> and </answer>, without detailed explanation, for example <answer>\n Beijing\n </answer>. The answer should be just a few words.\n' +
    'Question: {question}\n',
  doc: QAGENT_DOC,
  invalid:
    '\nMy previous action is invalid. If I want to search, I should write one to three queries as <search><query> query </query></search>. If I want to give the final answer, I should put it between <answer> and </answer>. Let me try again.\n',
  generator:
    'Answer the question based on the given document. Only give me the answer and do not output any other words.\nThe following are given documents.\n\n{reference}\n\nQuestion: {question}',
  generatorDoc: SEARCH_R1_DOC,
};

export const qagent: StrategyDef<QAgentParams> = {
  id: 'qagent',
  label: 'QAgent',
  paper: 'Jiang et al. 2025, QAgent (arXiv:2510.08383); github.com/OpenStellarTeam/QAgent',
  description:
    'Plans, searches with several queries at once (the prompt asks for at most three; top-1 each; the passage set is de-duplicated), reflects on the passages and loops; in submodule mode a frozen generator answers from the passages collected.',
  defaults: {
    maxLoops: 5,
    topK: 1,
    maxQueries: 3,
    enforceQueryLimit: false,
    dedupe: true,
    // Appendix C: "the maximum response length was 512".
    maxTokens: 512,
    temperature: 0,
    submodule: false,
    generatorMaxTokens: 64,
  },
  prompts: QAGENT_PROMPTS,
  run: (ctx) =>
    execute(
      qagent,
      ctx,
      (s) => qagentBody(s),
      (s) => (s.params.submodule ? { generatorModel: (s.ctx.generator ?? s.llm).model } : {}),
    ),
};

/** QAgent's tagged protocol (Algorithm 1) as the shared loop's config. */
export function qagentLoop(s: Session<QAgentParams>): TaggedLoopConfig {
  const p = s.params;
  const doc = s.prompt('doc');
  return {
    prompt: fillTemplate(s.prompt('system'), { question: s.question.trim(), maxQueries: p.maxQueries }),
    maxTurns: p.maxLoops,
    finalRollout: true,
    topK: p.topK,
    maxTokens: p.maxTokens,
    temperature: p.temperature,
    tags: { plan: 'plan', reflection: 'reflect', reflect: 'reflect', think: 'think' },
    parseSearch: (body) => {
      const queries = queryTags(body);
      if (queries.length === 0)
        return { queries, error: body.trim() ? 'search without <query> tags' : 'empty search' };
      if (p.enforceQueryLimit && queries.length > p.maxQueries)
        return {
          queries,
          error: `${queries.length} queries in one search (QAgent allows at most ${p.maxQueries})`,
        };
      return { queries };
    },
    information: (perQuery) => formatDocs(perQuery.flat(), doc),
    invalidMessage: s.prompt('invalid'),
    dedupe: p.dedupe,
  };
}

/** How QAgent writes a search: every query in its own <query> element (Table 5). */
export function qagentSearch(queries: readonly string[]): string {
  return `<search>\n${queries.map((q) => `<query> ${q} </query>`).join('\n')}\n</search>`;
}

/**
 * The QAgent run; with `resume` (a fork) the loop goes on from the rebuilt transcript and the
 * passages collected so far, which the frozen generator of submodule mode also reads.
 */
export async function* qagentBody(
  s: Session<QAgentParams>,
  resume?: TaggedResume,
): AsyncGenerator<Ev, FinishReason, undefined> {
  const p = s.params;
  const result = yield* taggedLoop(s, { ...qagentLoop(s), ...(resume ? { resume } : {}) });
  if (!p.submodule) return result.reason;

  // The frozen generator reads only the passages the agent collected.
  const generator = s.ctx.generator ?? s.llm;
  const reference = formatDocs(result.shown, s.prompt('generatorDoc'));
  const gen = yield* s.generate(
    { kind: 'answer', decision: 'frozen-generator' },
    {
      llm: generator,
      prompt: {
        messages: [
          {
            role: 'user',
            content: fillTemplate(s.prompt('generator'), { reference, question: s.question.trim() }),
          },
        ],
      },
      maxTokens: p.generatorMaxTokens,
      temperature: 0,
    },
  );
  const answer = gen.result.text.trim();
  const patch: Partial<StepInput> = { text: answer, raw: gen.result.text };
  if (!answer) patch.error = 'the frozen generator gave an empty answer';
  yield s.update(gen.id, patch);
  if (!answer) return result.reason;
  yield s.answer(answer);
  return 'answer';
}
