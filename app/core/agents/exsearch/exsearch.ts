// ExSearch (Shi et al. 2025, "Iterative Self-Incentivization Empowers Large Language Models as
// Agentic Searchers"; code mangopy/SearchLM). Prompts and loop follow src/instruction.py and
// src/_inference.py:
//   - a chat; each model turn is cut at `<SEARCH>`; the first turn is the sub-query, later turns
//     are `<FACT> fact` (what the last documents said) + `<QUERY> next sub-query`; when a later
//     turn has no `<QUERY>`, its first line is the fact and the query is asked for again with a
//     user turn `<FACT> fact\n<QUERY>`;
//   - the sub-query retrieves top-k candidates; the user turn `<SEARCH> [1, 2, …] doc\ndoc` brings
//     them; with the rank action (a separate one-turn dialogue) the model first lists the useful
//     ids as `[2] > [1]` and only those come back;
//   - a turn containing `<FINAL>` ends the search; the user turn "please give the final answer to
//     the input question: …" asks for the bare answer (also appended after the last iteration).
// Defaults: the paper's main method (§2.1, §4): think → search → record over the top-5 documents
// (§4, "5 for all agentic RAG baselines … as well as for our method"; the code's k is 20), at most
// 5 iterations, greedy decoding (Hopscope's choice for repeatable runs: the paper states no decoding
// setting; the code samples at 0.8). The system prompt is instruction.py's with step (2) made the
// main method's search (appendix F.1: sub-queries, "retrieve relevant documents … (search)",
// "extract factual answers … (recording)"); the code's "Select useful documents" belongs to the
// rank action, which has its own prompt. Ranking is the ExSearch-Zoo extension
// (appendix E.2, think → search → rank → record), an option here; when on, every selected document
// goes back (E.2 keeps "the most relevant ones", as the code does: rankKeep 0). A selection
// naming no document falls back to all candidates in retriever order, so the model never reads an
// empty <SEARCH>.
// Ablations of §5.2 (Table 3) as switches: `thinking: false` is "w/o thinking", which the paper
// says reduces the method to a retrieve-then-generate pipeline (the question is the one query,
// its top-k documents come back, then the final answer); `recording: false` is "w/o recording":
// no fact is extracted per sub-query (no record steps, no <FACT> in the dialogue; the system
// prompt is the user's to edit); `search: false` is "w/o search", which the paper calls "an
// iterative self-ask process without external knowledge": each iteration writes a sub-query as
// always, nothing is retrieved, and the next turn answers it from the model's own knowledge
// (its <FACT>) before the next sub-query; the system prompt is the same one without the search
// step (exsearch-prompts.ts). "w/o w" is a training ablation (the log-weight reward,
// rewards/exsearch.ts), not an inference switch.
// The chat and its search and rank actions are exsearch-dialogue.ts; the prompts exsearch-prompts.ts.
import { markerParts } from '../../importers/formats/exsearch';
import type { ChatMessage } from '../../llm/types';
import type { StepInput } from '../../schema/builder';
import {
  askQuery,
  clean,
  type ExSearchChat,
  generateTurn,
  search,
  searchQuestion,
  selfAsk,
} from './exsearch-dialogue';
import { EXSEARCH_PROMPTS } from './exsearch-prompts';
import type { ExSearchParams, ExSearchResume } from './exsearch-types';
import { type Ev, execute, type Session } from '../session';
import { fillTemplate } from '../template';
import type { FinishReason, StrategyDef } from '../types';

export { rankLabels } from './exsearch-dialogue';
export { EXSEARCH_PROMPTS } from './exsearch-prompts';
export type { ExSearchParams, ExSearchResume } from './exsearch-types';

export const exsearch: StrategyDef<ExSearchParams> = {
  id: 'exsearch',
  label: 'ExSearch',
  paper:
    'Shi et al. 2025, Iterative Self-Incentivization Empowers LLMs as Agentic Searchers (ExSearch); github.com/mangopy/SearchLM',
  description:
    'Iterates think (write a sub-query) → search (read the top-5 documents) → record (extract the fact), then answers; optionally ranks the documents first (ExSearch-Zoo).',
  defaults: {
    maxIterations: 5,
    topK: 5,
    thinking: true,
    search: true,
    recording: true,
    rank: false,
    rankKeep: 0,
    maxTokens: 256,
    temperature: 0,
  },
  prompts: EXSEARCH_PROMPTS,
  run: (ctx) => execute(exsearch, ctx, (s) => exsearchBody(s)),
};

/** The iteration the fork cut into: its known parts are not generated again. */
async function* finishPending(
  c: ExSearchChat,
  pending: NonNullable<ExSearchResume['pending']>,
): AsyncGenerator<Ev, void, undefined> {
  const { s } = c;
  const turn = s.turn;
  let query = pending.query;
  if (query === undefined) {
    const asked = yield* askQuery(c, pending.fact ?? '');
    query = asked.query;
    if (!query) yield* s.place(asked.id, [{ kind: 'invalid', turn, error: 'empty sub-query' }]);
    else {
      c.hop++;
      yield* s.place(asked.id, [
        { kind: 'think', turn, hop: c.hop, text: query },
        { kind: 'search', turn, hop: c.hop, queries: [query] },
      ]);
    }
  } else if (!pending.searched) {
    c.hop++;
    yield s.step({ kind: 'search', turn, hop: c.hop, queries: [query] });
  }
  if (query) yield* search(c, turn, query, pending.fact);
}

/** The search a record belongs to; none without search (w/o search records answer no search). */
const hopOf = (c: ExSearchChat): { hop?: number } => (c.hop > 0 ? { hop: c.hop } : {});

/** Iteration `i`: think (a sub-query, after the first one a fact too), search; true on <FINAL>. */
async function* iterate(
  c: ExSearchChat,
  i: number,
  finalSentence: string,
): AsyncGenerator<Ev, boolean, undefined> {
  const { s } = c;
  const p = s.params;
  s.turn++;
  const turn = s.turn;
  const g = yield* generateTurn(c, 'think', {}, c.messages, ['<SEARCH>']);
  const text = g.result.text;
  const { lead, parts } = markerParts(text);
  const facts = parts.filter((x) => x.action === 'record' && x.text);
  const factText = facts.map((x) => x.text).join(' ');

  if (text.includes('<FINAL>')) {
    // The last fact, then the request for the bare answer.
    const record: StepInput =
      i > 0 && factText && p.recording
        ? { kind: 'record', turn, ...hopOf(c), text: factText, raw: text }
        : { kind: 'decision', turn, decision: 'final', text: text.trim(), raw: text };
    yield* s.place(g.id, [record]);
    c.messages.push({ role: 'assistant', content: text }, { role: 'user', content: finalSentence });
    return true;
  }

  const steps: StepInput[] = [];
  let fact: string | undefined;
  let query = parts.filter((x) => x.action === 'think').at(-1)?.text ?? '';
  if (i === 0) {
    // _inference.py: on the first turn the whole response is the query.
    if (!query) query = clean(text);
  } else if (query) {
    fact = factText || clean(lead);
  } else {
    // No <QUERY>: the first line is the fact; ask for the query with `<FACT> fact\n<QUERY>`.
    fact = clean(factText || (lead || text).split('\n')[0] || '');
  }
  if (!p.recording) fact = undefined;
  if (fact) steps.push({ kind: 'record', turn, ...hopOf(c), text: fact, raw: text });
  query = clean(query);

  let queryStep: string = g.id;
  if (i > 0 && !parts.some((x) => x.action === 'think')) {
    yield* s.place(g.id, steps.splice(0));
    const asked = yield* askQuery(c, fact ?? '');
    queryStep = asked.id;
    query = asked.query;
  }

  if (!query) {
    yield* s.place(queryStep, [...steps, { kind: 'invalid', turn, raw: text, error: 'empty sub-query' }]);
    return false;
  }
  if (!p.search) {
    // w/o search: the sub-query is answered by the model itself in the next turn.
    yield* s.place(queryStep, [...steps, { kind: 'think', turn, text: query, raw: text }]);
    selfAsk(c, query, fact);
    return false;
  }
  c.hop++;
  yield* s.place(queryStep, [
    ...steps,
    { kind: 'think', turn, hop: c.hop, text: query, raw: text },
    { kind: 'search', turn, hop: c.hop, queries: [query], raw: text },
  ]);
  yield* search(c, turn, query, fact);
  return false;
}

/** The ExSearch loop; with `resume` it goes on from the rebuilt chat (only new turns call the model). */
export async function* exsearchBody(
  s: Session<ExSearchParams>,
  resume?: ExSearchResume,
): AsyncGenerator<Ev, FinishReason, undefined> {
  const p = s.params;
  const question = s.question.trim();
  const messages: ChatMessage[] = resume
    ? resume.messages.map((m) => ({ ...m }))
    : [
        {
          role: 'user',
          content: fillTemplate(s.prompt(p.search ? 'system' : 'systemNoSearch'), { question }),
        },
      ];
  const c: ExSearchChat = { s, messages, hop: resume?.hop ?? 0 };
  const finalSentence = fillTemplate(s.prompt('final'), { question });
  let finished = resume?.finished === true;

  const first = resume?.done ?? 0;
  let limit = p.maxIterations;
  if (resume?.mode === 'answer_now' || finished) limit = first;
  else if (resume?.mode === 'search_more') limit = first + 1;
  else if (resume) limit = Math.max(limit, first + 1);

  let i = first;
  if (resume?.pending && !finished && resume.mode !== 'answer_now') {
    yield* finishPending(c, resume.pending);
    i++;
  }
  // w/o thinking: retrieve with the question, show the documents, ask for the answer (with search
  // off too there is nothing to show: the question is answered as it stands).
  if (!p.thinking && p.search && !resume) yield* searchQuestion(c, question);
  for (; p.thinking && i < limit; i++) {
    if (yield* iterate(c, i, finalSentence)) {
      finished = true;
      break;
    }
  }

  if (!finished) {
    const last = messages[messages.length - 1];
    if (last) last.content += `\n${finalSentence}`;
  }
  s.turn++;
  const a = yield* generateTurn(c, 'answer', {}, messages, []);
  const answer = clean(a.result.text);
  if (!answer) {
    yield s.update(a.id, { kind: 'invalid', error: 'empty final answer' });
    return 'max_turns';
  }
  yield s.update(a.id, { text: answer, raw: a.result.text });
  yield s.answer(answer);
  // Without thinking there are no iterations to run out of: the answer is the plan's end.
  return finished || !p.thinking ? 'answer' : 'max_turns';
}
