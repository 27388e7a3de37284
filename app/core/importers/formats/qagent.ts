// QAgent transcripts (Jiang et al. 2025, "QAgent: A modular Search Agent with Interactive Query
// Understanding", arXiv:2510.08383). The model loops <plan> → <search> holding up to 3 <query> →
// <information> (all queries of the turn in one block, passages as `Passage #i title` / text) →
// <reflection> → … → <answer>. The paper's prompt (Table 5) names the reflection tag both
// <reflection> and <reflect>, so models trained on it write either; both are a reflect step.
//
// Records: a plain-text transcript (the whole file), or a JSON object carrying the transcript in
// `output` / `response` / `trajectory` / `completion` (string) or `messages` (a chat list of
// {role, content}; user/tool turns after the prompt are the environment's information), with
// `question` and gold answers in `golden_answers` / `answers` / `answer`.
//
// Steps: plan, search (one per <search>, queries = its <query>s), retrieve (docs from the
// passages), reflect, answer. A search with no query, and a model turn that ends without <search>
// or <answer>, become `invalid` steps carrying `error`. A search with more than 3 queries is read
// as Algorithm 1 (lines 10–14) runs it, every query retrieved, when its information block holds
// passages; when the environment answered with no passages (it refused), it is `invalid`.
import type { StepInput, TrajectoryEvent } from '../../schema/builder';
import type { Doc } from '../../schema/trajectory';
import { type FormatImporter, type RecordContext, RecordError } from '../types';
import {
  goldAnswers,
  innerTexts,
  isObj,
  type Obj,
  pickString,
  recordQid,
  reportedScores,
  scanTags,
  segments,
} from './xml-tags';

const MODEL_TAGS = ['plan', 'search', 'information', 'reflection', 'reflect', 'answer', 'think'] as const;
const MAX_QUERIES = 3;
const TRANSCRIPT_KEYS = ['output', 'response', 'trajectory', 'completion', 'generated_text', 'text'] as const;
const QUESTION_KEYS = ['question', 'query', 'input', 'problem'] as const;
const REPORTED_KEYS = ['score', 'reward', 'em', 'f1', 'acc', 'metrics', 'scores'] as const;

// ---- Transcript extraction --------------------------------------------------------------------

interface Transcript {
  /** Everything, prompt included: kept as the trajectory's raw. */
  full: string;
  /** The model/environment part after the prompt. */
  response: string;
  /** Question found in the prompt, if any. */
  question?: string;
}

const CHAT_TOKENS =
  /<\|(?:im_start|im_end|endoftext|eot_id|start_header_id|end_header_id)\|>(?:assistant|user|system)?/g;

/** Splits a flat transcript into prompt and response; the prompt's tag examples must not parse. */
export function splitPrompt(text: string): Transcript {
  const marker = /<\|im_start\|>assistant\s*/.exec(text);
  let cut = 0;
  let question: string | undefined;
  // The real question is the last "Question:" line outside retrieved text; examples come first.
  const retrieved = scanTags(text, ['information'], ['information']);
  for (const m of text.matchAll(/^[ \t]*Question[ \t]*:[ \t]*(.+)$/gim)) {
    if (retrieved.some((b) => m.index >= b.start && m.index < b.end)) continue;
    question = (m[1] ?? '').trim();
    cut = m.index + m[0].length;
  }
  if (marker) cut = Math.max(cut, marker.index + marker[0].length);
  return { full: text, response: text.slice(cut).replace(CHAT_TOKENS, ''), question };
}

function messageText(m: unknown): { role: string; content: string } | null {
  if (!isObj(m)) return null;
  const role = typeof m.role === 'string' ? m.role : typeof m.from === 'string' ? m.from : '';
  const c = m.content ?? m.value;
  if (typeof c === 'string') return { role, content: c };
  if (Array.isArray(c)) {
    const parts = c.map((p) =>
      isObj(p) && typeof p.text === 'string' ? p.text : typeof p === 'string' ? p : '',
    );
    return { role, content: parts.join('') };
  }
  return null;
}

/** A chat list as one transcript: the first user turn is the prompt; later non-model turns are information. */
function fromMessages(list: readonly unknown[]): Transcript {
  const msgs = list.map(messageText).filter((m): m is { role: string; content: string } => m !== null);
  const promptIdx = msgs.findIndex((m) => m.role === 'user' || m.role === 'human');
  const prompt = promptIdx >= 0 ? (msgs[promptIdx]?.content ?? '') : '';
  const parts: string[] = [];
  for (const [i, m] of msgs.entries()) {
    if (i <= promptIdx || m.role === 'system') continue;
    const isModel = m.role === 'assistant' || m.role === 'gpt' || m.role === 'model';
    parts.push(
      isModel || /<information\s*>/i.test(m.content) ? m.content : `<information>${m.content}</information>`,
    );
  }
  const response = parts.join('\n');
  return { full: [prompt, response].join('\n'), response, question: splitPrompt(prompt).question };
}

function transcriptOf(record: unknown): Transcript | null {
  if (typeof record === 'string') return splitPrompt(record);
  if (!isObj(record)) return null;
  if (Array.isArray(record.messages)) return fromMessages(record.messages);
  const t = pickString(record, TRANSCRIPT_KEYS);
  if (!t) return null;
  const split = splitPrompt(t.value);
  const prompt = typeof record.prompt === 'string' ? record.prompt : '';
  return { ...split, question: split.question ?? splitPrompt(prompt).question };
}

// ---- Passages ---------------------------------------------------------------------------------

const PASSAGE_HEAD = /^[ \t]*Passage[ \t]*#?[ \t]*(\d+)[ \t]*[:.)\]-]?[ \t]*(.*)$/i;
const QUERY_HEAD =
  /^[ \t]*(?:Query|Search query|Results? for(?: query)?)[ \t]*[:#]?[ \t]*["“]?(.+?)["”]?[ \t]*:?[ \t]*$/i;
const SEARCH_R1_DOC = /Doc[ \t]*(\d+)[ \t]*\(Title:[ \t]*([^)]*)\)[ \t]*/g;

function cleanTitle(s: string): string {
  return s
    .trim()
    .replace(/^\(?\s*Title\s*:\s*/i, '')
    .replace(/\)$/, '')
    .replace(/^["“'](.*)["”']$/, '$1')
    .trim();
}

interface RawPassage {
  n: number;
  head: string;
  lines: string[];
  query?: string;
}

/** `Passage #i` entries: the title on the header line (or the next line), then the text. */
function passagesOf(body: string): RawPassage[] {
  const out: RawPassage[] = [];
  let query: string | undefined;
  for (const line of body.split('\n')) {
    const head = PASSAGE_HEAD.exec(line);
    if (head) {
      const p: RawPassage = { n: Number(head[1]), head: head[2] ?? '', lines: [] };
      if (query !== undefined) p.query = query;
      out.push(p);
      continue;
    }
    const q = QUERY_HEAD.exec(line);
    if (q && !/^\s*Passage/i.test(line)) {
      query = (q[1] ?? '').trim();
      continue;
    }
    out.at(-1)?.lines.push(line);
  }
  return out;
}

function toDoc(p: RawPassage, idPrefix: string): Doc {
  let title = cleanTitle(p.head);
  let lines = p.lines;
  const inline = /^\(?\s*Title\s*:\s*([^)]*)\)\s*(.*)$/i.exec(p.head.trim());
  if (inline) {
    title = cleanTitle(inline[1] ?? '');
    lines = [inline[2] ?? '', ...lines];
  } else if (!title) {
    const first = lines.findIndex((l) => l.trim() !== '');
    if (first >= 0) {
      title = cleanTitle(lines[first] ?? '');
      lines = lines.slice(first + 1);
    }
  }
  const doc: Doc = { id: `${idPrefix}p${p.n}`, text: lines.join('\n').trim(), rank: p.n };
  if (title) doc.title = title;
  if (p.query !== undefined) doc.query = p.query;
  return doc;
}

/** Search-R1's `Doc i(Title: t) text` layout, accepted when a log mixes the two. */
function searchR1Docs(body: string, idPrefix: string): Doc[] {
  const heads = [...body.matchAll(SEARCH_R1_DOC)];
  return heads.map((m, i) => {
    const start = m.index + m[0].length;
    const end = heads[i + 1]?.index ?? body.length;
    const n = Number(m[1]);
    const title = cleanTitle(m[2] ?? '');
    const doc: Doc = { id: `${idPrefix}p${n}`, text: body.slice(start, end).trim(), rank: n };
    if (title) doc.title = title;
    return doc;
  });
}

/**
 * Attributes passages to the turn's queries when the block does not say: one passage per query
 * (top-1 each, QAgent's default) or an equal share per query, in query order.
 */
function attribute(docs: Doc[], queries: readonly string[]): void {
  if (queries.length === 0 || docs.some((d) => d.query !== undefined)) return;
  if (docs.length % queries.length !== 0) return;
  const per = docs.length / queries.length;
  docs.forEach((d, i) => {
    const q = queries[Math.floor(i / per)];
    if (q !== undefined) d.query = q;
  });
}

export function parseInformation(body: string, queries: readonly string[], idPrefix: string): Doc[] {
  const passages = passagesOf(body);
  const docs = passages.length > 0 ? passages.map((p) => toDoc(p, idPrefix)) : searchR1Docs(body, idPrefix);
  attribute(docs, queries);
  return docs;
}

// ---- Steps ------------------------------------------------------------------------------------

interface Walk {
  steps: StepInput[];
  turn: number;
  hop: number;
  /** The search whose results the next <information> holds. */
  pending: { queries: string[]; hop?: number; overLimit?: StepInput } | null;
  turnHasAction: boolean;
  turnText: string;
  turnBlocks: number;
  answer?: string;
}

/** Closes a model turn; a turn with text or tags but no search/answer is invalid. */
function endTurn(w: Walk): void {
  if ((w.turnBlocks > 0 || w.turnText.trim()) && !w.turnHasAction) {
    const raw = w.turnText.trim();
    const step: StepInput = {
      kind: 'invalid',
      turn: w.turn,
      error: 'turn ends without a valid action (<search> with <query>, or <answer>)',
    };
    if (raw) step.raw = raw;
    w.steps.push(step);
  }
  w.turnHasAction = false;
  w.turnText = '';
  w.turnBlocks = 0;
}

function onSearch(w: Walk, body: string, raw: string): void {
  const queries = innerTexts(body, 'query').filter((q) => q !== '');
  const base = { turn: w.turn, raw, text: body.trim() };
  // A malformed search is the turn's (invalid) action: report it once, not again as "no action".
  w.turnHasAction = true;
  if (queries.length === 0) {
    const stray = body.replace(/<\/?query\s*>/gi, '').trim();
    w.steps.push({ ...base, kind: 'invalid', error: stray ? 'search without <query> tags' : 'empty search' });
    w.pending = { queries: [] };
    return;
  }
  w.hop++;
  const step: StepInput = { ...base, kind: 'search', hop: w.hop, queries };
  w.steps.push(step);
  w.pending = { queries, hop: w.hop };
  // More than Table 5's 3: kept as a search if passages come back (Algorithm 1), see onInformation.
  if (queries.length > MAX_QUERIES) w.pending.overLimit = step;
}

function onInformation(w: Walk, body: string, raw: string): void {
  const pending = w.pending;
  if (!pending) {
    // Feedback on a turn that searched nothing ("previous action is invalid"): not a retrieval.
    const last = w.steps.at(-1);
    if (last?.kind === 'invalid' && body.trim()) last.text = body.trim();
    return;
  }
  const prefix = pending.hop !== undefined ? `h${pending.hop}` : `t${w.turn}`;
  const docs = parseInformation(body, pending.queries, prefix);
  const over = pending.overLimit;
  if (over && docs.length === 0) {
    // The environment refused the over-long search: it was an invalid action, not a hop.
    over.kind = 'invalid';
    over.error = `${pending.queries.length} queries in one search (QAgent allows at most ${MAX_QUERIES})`;
    delete over.hop;
    w.hop--;
    delete pending.hop;
  }
  const step: StepInput = { kind: 'retrieve', turn: w.turn, raw, docs };
  if (pending.hop !== undefined) step.hop = pending.hop;
  if (pending.queries.length > 0) step.queries = pending.queries;
  if (docs.length === 0 && body.trim()) step.text = body.trim();
  w.steps.push(step);
  w.pending = null;
}

function walk(response: string): Walk {
  const w: Walk = {
    steps: [],
    turn: 1,
    hop: 0,
    pending: null,
    turnHasAction: false,
    turnText: '',
    turnBlocks: 0,
  };
  for (const seg of segments(response, MODEL_TAGS, ['information'])) {
    if (seg.kind === 'text') {
      w.turnText += seg.text;
      continue;
    }
    const { tag, body, raw } = seg.block;
    if (tag === 'information') {
      // The environment's block closes the model turn that asked for it.
      endTurn(w);
      onInformation(w, body, raw);
      w.turn++;
      continue;
    }
    w.turnBlocks++;
    const text = body.trim();
    if (tag === 'search') onSearch(w, body, raw);
    else if (tag === 'plan') w.steps.push({ kind: 'plan', turn: w.turn, text, raw });
    else if (tag === 'think') w.steps.push({ kind: 'think', turn: w.turn, text, raw });
    else if (tag === 'reflection' || tag === 'reflect') {
      const step: StepInput = { kind: 'reflect', turn: w.turn, text, raw };
      if (w.hop > 0) step.hop = w.hop;
      w.steps.push(step);
    } else if (tag === 'answer') {
      w.turnHasAction = true;
      w.answer = text;
      w.steps.push({ kind: 'answer', turn: w.turn, text, raw });
    }
  }
  endTurn(w);
  return w;
}

// ---- Importer ---------------------------------------------------------------------------------

/** QAgent's signature: <query> inside <search>, or <plan>/<reflection> next to <search>/<answer>. */
// A bare <reflect> is not QAgent's signature: When-to-Search transcripts use it too.
function scoreText(text: string): number {
  // ExSearch writes capitalised markers (<QUERY>, <FACT>, <FINAL>); never claim those.
  if (/<(?:QUERY|FACT|FINAL|RECORD)>/.test(text)) return 0;
  if (/<search\s*>\s*<query\s*>[\s\S]*?<\/query\s*>/i.test(text)) return 0.95;
  const planOrReflect = /<(?:plan|reflection)\s*>[\s\S]*?<\/(?:plan|reflection)\s*>/i.test(text);
  if (planOrReflect && /<(?:search|answer)\s*>/i.test(text)) return 0.85;
  return 0;
}

function question(record: unknown, t: Transcript): string {
  if (isObj(record)) {
    const q = pickString(record, QUESTION_KEYS);
    if (q) return q.value.trim();
  }
  return t.question ?? '';
}

export const qagentFormat: FormatImporter = {
  id: 'qagent',
  label: 'QAgent transcript (<plan>, <search><query>, <information>, <reflection>, <answer>)',
  detect(sample) {
    // Records without any transcript (malformed lines) neither confirm nor refute the format.
    const scores = sample.map(transcriptOf).flatMap((t) => (t ? [scoreText(t.full)] : []));
    if (scores.length === 0 || scores.length * 2 < sample.length) return 0;
    return scores.reduce((a, b) => a + b, 0) / scores.length;
  },
  toEvents(record: unknown, ctx: RecordContext): TrajectoryEvent[] {
    const t = transcriptOf(record);
    if (!t) {
      throw new RecordError(
        isObj(record)
          ? `no transcript: expected one of ${['messages', ...TRANSCRIPT_KEYS].join(', ')}`
          : 'expected a transcript',
        isObj(record) ? TRANSCRIPT_KEYS[0] : undefined,
      );
    }
    if (scanTags(t.response, MODEL_TAGS).length === 0)
      throw new RecordError(
        'the transcript has no QAgent tags (<plan>, <search>, <answer>, …)',
        isObj(record) ? 'output' : undefined,
      );
    const obj: Obj = isObj(record) ? record : {};
    const w = walk(t.response);
    const start: TrajectoryEvent & { type: 'start' } = {
      type: 'start',
      question: question(record, t),
      source: { kind: 'import', format: 'qagent', file: ctx.file, line: ctx.line },
      agent: { strategy: 'qagent', params: { maxQueriesPerSearch: MAX_QUERIES } },
      raw: t.full,
    };
    const qid = recordQid(obj);
    if (qid) start.source.qid = qid;
    if (typeof obj.data_source === 'string') start.source.dataset = obj.data_source;
    if (typeof obj.model === 'string') start.agent.model = obj.model;
    const answers = goldAnswers(obj);
    if (answers.length > 0) start.gold = { answers };
    const reported = reportedScores(obj, REPORTED_KEYS);
    if (reported) start.reported = reported;
    const events: TrajectoryEvent[] = [start, ...w.steps.map((step) => ({ type: 'step' as const, step }))];
    if (w.answer !== undefined) events.push({ type: 'answer', text: w.answer });
    events.push({ type: 'finish', reason: w.answer !== undefined ? 'answer' : 'no_answer' });
    return events;
  },
};
