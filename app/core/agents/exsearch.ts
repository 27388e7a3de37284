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
// prompt is the user's to edit). "w/o search" is the Direct strategy; "w/o w" is a training
// ablation (the log-weight reward, rewards/exsearch.ts), not an inference switch.
import type { StepInput } from '../schema/builder';
import type { Doc } from '../schema/trajectory';
import type { ChatMessage } from '../llm/types';
import { markerParts } from '../importers/formats/exsearch';
import { EXSEARCH_DOC, formatDocs } from './docs';
import { oneLine } from './parse';
import { type Ev, execute, type Session } from './session';
import { fillTemplate } from './template';
import type { FinishReason, StrategyDef } from './types';

export interface ExSearchParams {
  maxIterations: number;
  topK: number;
  /** The think action (off: the "w/o thinking" ablation of §5.2, retrieve-then-generate). */
  thinking: boolean;
  /** The record action (off: the "w/o recording" ablation of §5.2, no facts extracted). */
  recording: boolean;
  /** Run the rank (document selection) action of ExSearch-Zoo (appendix E.2); off in the main method. */
  rank: boolean;
  /** Ranked docs kept for the model (0: every selected one, as the public code does). */
  rankKeep: number;
  maxTokens: number;
  temperature: number;
}

export const EXSEARCH_PROMPTS = {
  system: `You are an intelligent search agent capable of simulating a question-answering process by actively seeking information from Wikipedia to answer a given question.

Specifically, given an open-domain query, please iteratively: (1) Formulate a sub-query to search on Wikipedia; (2) Retrieve documents from Wikipedia with the sub-query and read them carefully and (3) Extract supporting facts from the retrieved documents.
Your output should include three types of special actions corresponding to the above steps:
(1) <QUERY>: Formulate a sub-query.
(2) <SEARCH>: Retrieve and carefully read the documents using the formulated sub-query.
(3) <FACT>: Extract the answer to the sub-query from the documents.

Since this is a multi-hop question, your output should interleave <QUERY>, <SEARCH>, and <FACT> actions until reaching the final answer. Conclude your output with the special token <FINAL> followed by the final answer.

Below is the task for you to complete:

<USER QUERY> {question}
Your Output:`,
  rank: `You are an intelligent search agent capable of simulating the question-answering process by actively seeking information from Wikipedia to answer the provided question.

Given the formulated query: "{query}", there are {n} relevant documents, each identified by a unique numerical identifier []. The documents are listed below: 
{docs}

Your task is to select the useful documents from the search results based on their usefulness in answering the search query. A passage's usefulness is defined by the following criteria:
1. Relevance to the query.
2. Contains essential information required to answer the query.

You should output only the numeric document identifiers of the selected documents. If more than one document is selected, arrange their identifiers in descending order using the format [] > [], e.g., [2] > [1]. Provide only the selection results and avoid explanations.

Search Query: {query}
Your Output:`,
  final: 'please give the final answer to the input question: {question}',
  followUp: '<FACT> {fact}\n<QUERY>',
  doc: EXSEARCH_DOC,
};

const MARKERS = /<\/?(?:QUERY|THINK|FACT|RECORD|FINAL|SEARCH)>/g;

/** TextNormalization.normalize, minus its quirks: the action markers go, whitespace is trimmed. */
function clean(text: string): string {
  return oneLine(text.replace(MARKERS, ' '));
}

/** 1-based ids in the order written (`[2] > [1]`), unique, within 1..n (extract_numbers_from_ordered_brackets). */
export function rankLabels(text: string, n: number): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/\[\s*(\d+)\s*\]/g)) {
    const k = Number(m[1]);
    if (k >= 1 && k <= n && !out.includes(k)) out.push(k);
  }
  return out;
}

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
    recording: true,
    rank: false,
    rankKeep: 0,
    maxTokens: 256,
    temperature: 0,
  },
  prompts: EXSEARCH_PROMPTS,
  run: (ctx) => execute(exsearch, ctx, (s) => exsearchBody(s)),
};

/** Where a resumed search starts (a fork): the chat ExSearch keeps, rebuilt from stored steps. */
export interface ExSearchResume {
  /** The chat so far, the task prompt first (each iteration adds its query and <SEARCH> turn). */
  messages: ChatMessage[];
  /** Searches so far. */
  hop: number;
  /** Iterations done. */
  done: number;
  /**
   * The iteration under way when the fork was made: its fact is known (ask for the query with
   * `<FACT> fact\n<QUERY>`), or its query too (search it; `searched`: its search step is stored).
   */
  pending?: { fact?: string; query?: string; searched?: boolean };
  /** The parent already wrote <FINAL>: only the answer is left. */
  finished?: boolean;
  /** Answer now, or allow exactly one more iteration first. */
  mode?: 'answer_now' | 'search_more';
}

/** The ExSearch loop; with `resume` it goes on from the rebuilt chat (only new turns call the model). */
export async function* exsearchBody(
  s: Session<ExSearchParams>,
  resume?: ExSearchResume,
): AsyncGenerator<Ev, FinishReason, undefined> {
  const p = s.params;
  const question = s.question.trim();
  const gen = (kind: StepInput['kind'], extra: Partial<StepInput>, messages: ChatMessage[], stop: string[]) =>
    s.generate(
      { kind, turn: s.turn, ...extra },
      { prompt: { messages: [...messages] }, stop, maxTokens: p.maxTokens, temperature: p.temperature },
    );
  const messages: ChatMessage[] = resume
    ? resume.messages.map((m) => ({ ...m }))
    : [{ role: 'user', content: fillTemplate(s.prompt('system'), { question }) }];
  const finalSentence = fillTemplate(s.prompt('final'), { question });
  let finished = resume?.finished === true;
  let hop = resume?.hop ?? 0;

  /** `<FACT> fact\n<QUERY>`: the query of an iteration whose turn gave only the fact. */
  async function* askQuery(fact: string) {
    const follow = yield* gen(
      'think',
      {},
      [
        ...messages,
        // Without recording (ablation) there is no fact to hand back: just ask for the query.
        { role: 'user', content: p.recording ? fillTemplate(s.prompt('followUp'), { fact }) : '<QUERY>' },
      ],
      ['<SEARCH>'],
    );
    return { id: follow.id, query: clean(follow.result.text) };
  }

  /** Search the sub-query, optionally rank, and add the iteration to the chat. */
  async function* search(turn: number, query: string, fact: string | undefined) {
    const r = yield* s.retrieve({ turn, hop }, [query], p.topK);
    const candidates = r.docs;
    let labels = candidates.map((_, k) => k + 1);
    if (p.rank && candidates.length > 0) {
      const rankPrompt = fillTemplate(s.prompt('rank'), {
        query,
        n: candidates.length,
        docs: formatDocs(candidates, `[{index}] ${s.prompt('doc')}`),
      });
      const rg = yield* gen('rank', { hop }, [{ role: 'user', content: rankPrompt }], []);
      const ranked = rankLabels(rg.result.text, candidates.length);
      // No id in the reply: fall back to every candidate rather than an empty <SEARCH>.
      if (ranked.length > 0) labels = p.rankKeep > 0 ? ranked.slice(0, p.rankKeep) : ranked;
      const patch: Partial<StepInput> = {
        ranking: ranked.map((k) => candidates[k - 1]?.id ?? String(k)),
        text:
          ranked.length > 0
            ? `keep ${labels.map((k) => `[${k}]`).join(' > ')}`
            : `${rg.result.text.trim()} (no ids: all ${candidates.length} candidates kept)`,
        raw: rg.result.text,
      };
      if (ranked.length === 0) patch.error = 'no document ids in the selection; every candidate is kept';
      yield s.update(rg.id, patch);
    }
    const kept = labels.map((k) => candidates[k - 1]).filter((d): d is Doc => d !== undefined);
    const block = `<SEARCH> [${labels.join(', ')}] ${formatDocs(kept, s.prompt('doc'))}`;
    yield s.update(r.id, { raw: block });
    messages.push(
      { role: 'assistant', content: fact ? `<FACT> ${fact}\n<QUERY> ${query}` : `<QUERY> ${query}` },
      { role: 'user', content: block },
    );
  }

  const first = resume?.done ?? 0;
  let limit = p.maxIterations;
  if (resume?.mode === 'answer_now' || finished) limit = first;
  else if (resume?.mode === 'search_more') limit = first + 1;
  else if (resume) limit = Math.max(limit, first + 1);

  // The iteration the fork cut into: its known parts are not generated again.
  const pending = resume?.pending;
  let i = first;
  if (pending && !finished && resume?.mode !== 'answer_now') {
    const turn = s.turn;
    let query = pending.query;
    if (query === undefined) {
      const asked = yield* askQuery(pending.fact ?? '');
      query = asked.query;
      if (!query) yield* s.place(asked.id, [{ kind: 'invalid', turn, error: 'empty sub-query' }]);
      else {
        hop++;
        yield* s.place(asked.id, [
          { kind: 'think', turn, hop, text: query },
          { kind: 'search', turn, hop, queries: [query] },
        ]);
      }
    } else if (!pending.searched) {
      hop++;
      yield s.step({ kind: 'search', turn, hop, queries: [query] });
    }
    if (query) yield* search(turn, query, pending.fact);
    i++;
  }

  if (!p.thinking && !resume) {
    // w/o thinking: retrieve with the question, show the documents, ask for the answer.
    s.turn++;
    const turn = s.turn;
    hop = 1;
    yield s.step({ kind: 'search', turn, hop, queries: [question], text: question });
    const r = yield* s.retrieve({ turn, hop }, [question], p.topK);
    const labels = r.docs.map((_, k) => k + 1);
    const block = `<SEARCH> [${labels.join(', ')}] ${formatDocs(r.docs, s.prompt('doc'))}`;
    yield s.update(r.id, { raw: block });
    messages.push({ role: 'assistant', content: `<QUERY> ${question}` }, { role: 'user', content: block });
  }

  for (; p.thinking && i < limit; i++) {
    s.turn++;
    const turn = s.turn;
    const g = yield* gen('think', {}, messages, ['<SEARCH>']);
    const text = g.result.text;
    const { lead, parts } = markerParts(text);
    const facts = parts.filter((x) => x.action === 'record' && x.text);
    const factText = facts.map((x) => x.text).join(' ');

    if (text.includes('<FINAL>')) {
      // The last fact, then the request for the bare answer.
      const record: StepInput =
        i > 0 && factText && p.recording
          ? { kind: 'record', turn, hop, text: factText, raw: text }
          : { kind: 'decision', turn, decision: 'final', text: text.trim(), raw: text };
      yield* s.place(g.id, [record]);
      messages.push({ role: 'assistant', content: text }, { role: 'user', content: finalSentence });
      finished = true;
      break;
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
    if (fact) steps.push({ kind: 'record', turn, hop, text: fact, raw: text });
    query = clean(query);

    let queryStep: string = g.id;
    if (i > 0 && !parts.some((x) => x.action === 'think')) {
      yield* s.place(g.id, steps.splice(0));
      const asked = yield* askQuery(fact ?? '');
      queryStep = asked.id;
      query = asked.query;
    }

    if (!query) {
      yield* s.place(queryStep, [...steps, { kind: 'invalid', turn, raw: text, error: 'empty sub-query' }]);
      continue;
    }
    hop++;
    yield* s.place(queryStep, [
      ...steps,
      { kind: 'think', turn, hop, text: query, raw: text },
      { kind: 'search', turn, hop, queries: [query], raw: text },
    ]);
    yield* search(turn, query, fact);
  }

  if (!finished) {
    const last = messages[messages.length - 1];
    if (last) last.content += `\n${finalSentence}`;
  }
  s.turn++;
  const a = yield* gen('answer', {}, messages, []);
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
