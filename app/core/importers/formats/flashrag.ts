// FlashRAG `intermediate_data.json`: a JSON array of {id, question, golden_answers, output}.
// What `output` holds depends on the pipeline that wrote it (flashrag/pipeline/*.py):
// - SequentialPipeline: `retrieval_result` (docs `{id, contents: "\"Title\"\ntext"}`), `prompt`, `pred`;
// - IterativePipeline (Iter-RetGen): `retrieval_result_iter_{i}`, `pred_iter_{i}` per round;
// - SelfAsk / IRCoT / FLARE: `intermediate_output_iter{i}` (text, or {new_thought,
//   new_retreival_result}), `judge_result_iter{i}`, `gen_iter_{i}`, then a final `retrieval_result`;
// - ReasoningPipeline (R1-Searcher, Search-R1): `prompt` = prompt + whole generation, and
//   `retrieval_results` {"0": {query, docs}, …};
// - Search-R1 reproductions: `final_response` (the tagged generation) with `pred` and `stop_reason`.
// Every run adds `pred` and `metric_score` {em, f1, acc, …}, which go to `reported`.
import type { StepInput, TrajectoryEvent } from '../../schema/builder';
import type { Trajectory } from '../../schema/trajectory';
import { collapseDoubledQuotes, unquoteCsv } from '../../text/csv-quote';
import { type FormatImporter, type RecordContext, RecordError } from '../types';
import {
  goldList,
  isObj,
  type Json,
  pickString,
  QUESTION_KEYS,
  stopReason,
  transcriptEvents,
} from './tagged';
import {
  looksTagged,
  type ParsedDoc,
  parseTaggedTranscript,
  transcriptFinish,
  transcriptSystem,
} from './tagged-transcript';

const ITER_KEY = /^(retrieval_result|pred|intermediate_output|gen|judge_result)_?iter_?(\d+)$/;

/** A FlashRAG corpus doc (`contents` = title line + text, or explicit title/text) as a Doc. */
export function flashragDoc(v: unknown, rank: number, prefix: string, query?: string): ParsedDoc {
  const d: ParsedDoc & { score?: number } = { id: `${prefix}d${rank}`, text: '', rank };
  if (typeof v === 'string') d.text = v.trim();
  else if (isObj(v)) {
    if (typeof v.id === 'string' || typeof v.id === 'number') d.id = String(v.id);
    let title = typeof v.title === 'string' ? v.title : undefined;
    let text = typeof v.text === 'string' ? v.text : undefined;
    if (typeof v.contents === 'string' && (title === undefined || text === undefined)) {
      const nl = v.contents.indexOf('\n');
      title ??= nl < 0 ? undefined : v.contents.slice(0, nl);
      text ??= nl < 0 ? v.contents : v.contents.slice(nl + 1);
    }
    if (title !== undefined) {
      // wiki-18 titles are CSV-quoted: "\"Voyager 2\"".
      const t = unquoteCsv(title);
      if (t) d.title = t;
    }
    d.text = collapseDoubledQuotes((text ?? '').trim());
    if (typeof v.score === 'number') d.score = v.score;
  }
  if (query !== undefined) d.query = query;
  return d;
}

function docList(v: unknown, prefix: string, query?: string): ParsedDoc[] {
  return Array.isArray(v) ? v.map((d, i) => flashragDoc(d, i + 1, prefix, query)) : [];
}

/** Entries of ReasoningPipeline's `retrieval_results` ({"0": {query, docs}} or a list), in order. */
function retrievalEntries(v: unknown): Array<{ queries: string[]; docs: unknown }> {
  const list = Array.isArray(v)
    ? v
    : isObj(v)
      ? Object.keys(v)
          .sort((a, b) => Number(a) - Number(b))
          .map((k) => v[k])
      : [];
  return list.map((e) => {
    if (Array.isArray(e)) return { queries: [], docs: e };
    if (!isObj(e)) return { queries: [], docs: [] };
    const qs = Array.isArray(e.queries) ? e.queries.filter((q): q is string => typeof q === 'string') : [];
    if (typeof e.query === 'string') qs.unshift(e.query);
    return { queries: qs.map((q) => q.trim()).filter(Boolean), docs: e.docs };
  });
}

interface Built {
  strategy: string;
  steps: StepInput[];
  /** Answer from an `<answer>` tag, when a transcript gave one. */
  answer?: string;
  finish?: string;
  /** The transcript the steps were parsed from. */
  raw?: string;
}

const ASSISTANT_TURN =
  /^[\s\S]{0,300}?(?:<\|im_start\|>[ \t]*assistant\b|<\|start_header_id\|>[ \t]*assistant[ \t]*<\|end_header_id\|>|\bAssistant:)/;

/**
 * The model's part of ReasoningPipeline's `prompt` (prompt + generation): after the question and
 * the assistant-turn opener that follows it, since the instructions above quote the tags.
 */
function generationOf(prompt: string, question: string): string {
  const at = prompt.indexOf(question);
  if (at < 0) return prompt;
  const rest = prompt.slice(at + question.length);
  const opener = ASSISTANT_TURN.exec(rest);
  return opener ? rest.slice(opener[0].length) : rest;
}

function fromTranscript(out: Json, question: string): Built | null {
  let text: string | undefined;
  if (typeof out.final_response === 'string' && out.final_response.trim()) text = out.final_response;
  else if (typeof out.prompt === 'string') {
    const gen = generationOf(out.prompt, question);
    if (looksTagged(gen)) text = gen;
  }
  if (text === undefined) return null;
  const parsed = parseTaggedTranscript(text);
  // Structured docs (with corpus ids) replace the ones parsed from the text, hop by hop.
  const entries = retrievalEntries(out.retrieval_results);
  let k = 0;
  const steps = parsed.steps.map((s) => {
    if (s.kind !== 'retrieve') return s;
    const e = entries[k++];
    if (!e || !Array.isArray(e.docs)) return s;
    const query = s.docs?.[0]?.query ?? e.queries[0];
    return { ...s, docs: docList(e.docs, `h${s.hop ?? k}`, query) };
  });
  const built: Built = {
    strategy: transcriptSystem(parsed.markers),
    steps,
    raw: text,
    finish: transcriptFinish(parsed),
  };
  if (parsed.answer !== undefined) built.answer = parsed.answer;
  return built;
}

/** Steps of iterative pipelines (Iter-RetGen, IRCoT, Self-Ask, FLARE) from their per-round keys. */
function fromIterations(out: Json, question: string): Built | null {
  const rounds = new Map<number, Map<string, unknown>>();
  for (const [key, value] of Object.entries(out)) {
    const m = ITER_KEY.exec(key);
    if (!m?.[1] || m[2] === undefined) continue;
    const n = Number(m[2]);
    const round = rounds.get(n) ?? new Map<string, unknown>();
    round.set(m[1], value);
    rounds.set(n, round);
  }
  if (rounds.size === 0) return null;
  const steps: StepInput[] = [];
  let hop = 0;
  let prevPred: string | undefined;
  const search = (query: string, docs?: unknown) => {
    hop++;
    steps.push({ kind: 'search', hop, turn: hop, queries: [query], text: query });
    if (docs !== undefined)
      steps.push({ kind: 'retrieve', hop, turn: hop, docs: docList(docs, `h${hop}`, query) });
  };
  for (const n of [...rounds.keys()].sort((a, b) => a - b)) {
    const r = rounds.get(n) ?? new Map<string, unknown>();
    const judge = r.get('judge_result');
    if (typeof judge === 'boolean')
      steps.push({ kind: 'decision', decision: judge ? 'confident: no retrieval' : 'retrieve' });
    const inter = r.get('intermediate_output');
    if (typeof inter === 'string') {
      steps.push({ kind: 'think', text: inter.trim() });
      const follow = /Follow up:\s*([^\n]+)/.exec(inter);
      if (follow?.[1]) search(follow[1].trim());
    } else if (isObj(inter)) {
      const thought = typeof inter.new_thought === 'string' ? inter.new_thought.trim() : '';
      if (thought) steps.push({ kind: 'think', text: thought });
      const docs = inter.new_retreival_result ?? inter.new_retrieval_result;
      if (Array.isArray(docs)) search(thought || question, docs);
    }
    const docs = r.get('retrieval_result');
    // Iter-RetGen queries with the question plus the previous round's generation.
    if (Array.isArray(docs)) search(prevPred ? `${question} ${prevPred}` : question, docs);
    const pred = r.get('pred') ?? r.get('gen');
    if (typeof pred === 'string' && pred.trim()) {
      steps.push({ kind: 'think', text: pred.trim() });
      prevPred = pred;
    }
  }
  // Pipelines that log only the final docs: attach them to the last search (or the question).
  if (!steps.some((s) => s.kind === 'retrieve') && Array.isArray(out.retrieval_result)) {
    const last = [...steps].reverse().find((s) => s.kind === 'search');
    if (last?.hop !== undefined) {
      const query = last.queries?.[0];
      steps.push({
        kind: 'retrieve',
        hop: last.hop,
        turn: last.hop,
        docs: docList(out.retrieval_result, `h${last.hop}`, query),
      });
    } else search(question, out.retrieval_result);
  }
  return { strategy: 'iterative', steps };
}

function fromRetrievalResults(out: Json, question: string): Built | null {
  const entries = retrievalEntries(out.retrieval_results);
  if (entries.length === 0) return null;
  const steps: StepInput[] = [];
  entries.forEach((e, i) => {
    const hop = i + 1;
    const queries = e.queries.length > 0 ? e.queries : [question];
    steps.push({ kind: 'search', hop, turn: hop, queries, text: queries.join('\n') });
    steps.push({ kind: 'retrieve', hop, turn: hop, docs: docList(e.docs, `h${hop}`, queries[0]) });
  });
  return { strategy: 'iterative', steps };
}

function fromSingleRetrieval(out: Json, question: string): Built {
  if (!Array.isArray(out.retrieval_result)) return { strategy: 'direct', steps: [] };
  return {
    strategy: 'standard-rag',
    steps: [
      { kind: 'search', hop: 1, turn: 1, queries: [question], text: question },
      { kind: 'retrieve', hop: 1, turn: 1, docs: docList(out.retrieval_result, 'h1', question) },
    ],
  };
}

function reportedOf(out: Json): NonNullable<Trajectory['reported']> {
  const reported: NonNullable<Trajectory['reported']> = {};
  if (isObj(out.metric_score))
    for (const [k, v] of Object.entries(out.metric_score)) if (typeof v === 'number') reported[k] = v;
  if (typeof out.pred === 'string') reported.pred = out.pred;
  return reported;
}

function toEvents(record: unknown, ctx: RecordContext): TrajectoryEvent[] {
  if (!isObj(record)) throw new RecordError('expected a JSON object');
  const q = pickString(record, QUESTION_KEYS);
  if (!q) throw new RecordError('missing field "question"', 'question');
  if (record.output !== undefined && !isObj(record.output))
    throw new RecordError('field "output" must be an object', 'output');
  const out: Json = isObj(record.output) ? record.output : {};
  const question = q.value.trim();
  const built =
    fromTranscript(out, q.value) ??
    fromIterations(out, question) ??
    fromRetrievalResults(out, question) ??
    fromSingleRetrieval(out, question);
  const pred = typeof out.pred === 'string' ? out.pred.trim() : undefined;
  const start: Extract<TrajectoryEvent, { type: 'start' }> = {
    type: 'start',
    question,
    source: { kind: 'import', format: 'flashrag', file: ctx.file, line: ctx.line, system: 'flashrag' },
    agent: { strategy: built.strategy, params: {} },
  };
  if (typeof record.id === 'string' || typeof record.id === 'number') start.source.qid = String(record.id);
  const gold = goldList(record.golden_answers);
  if (gold) start.gold = { answers: gold };
  const reported = reportedOf(out);
  if (Object.keys(reported).length > 0) start.reported = reported;
  if (built.raw !== undefined) start.raw = built.raw;
  const finish = stopReason(out) ?? built.finish ?? (pred !== undefined ? 'answer' : 'no-answer');
  // Transcript runs: the steps already hold the `<answer>`; `pred` only fills in when there is none.
  if (built.raw !== undefined) return [start, ...transcriptEvents(built.steps, built.answer, pred, finish)];
  const steps = [...built.steps];
  if (pred !== undefined) steps.push({ kind: 'answer', text: pred });
  const events: TrajectoryEvent[] = [
    start,
    ...steps.map((step): TrajectoryEvent => ({ type: 'step', step })),
  ];
  if (pred !== undefined) events.push({ type: 'answer', text: pred });
  events.push({ type: 'finish', reason: finish });
  return events;
}

function sampleScore(v: unknown): number {
  if (!isObj(v)) return 0;
  if (isObj(v.output)) {
    const o = v.output;
    if ('golden_answers' in v || 'metric_score' in o) return 0.95;
    if ('question' in v && ('pred' in o || 'retrieval_result' in o)) return 0.8;
    return 0;
  }
  // A FlashRAG dataset file (questions only) is readable, but other formats may know it better.
  return 'golden_answers' in v && 'question' in v ? 0.3 : 0;
}

export const flashragFormat: FormatImporter = {
  id: 'flashrag',
  label: 'FlashRAG intermediate_data.json',
  detect(sample) {
    if (sample.length === 0) return 0;
    let sum = 0;
    for (const v of sample) sum += sampleScore(v);
    return sum / sample.length;
  },
  toEvents,
};
