// ExSearch logs (Shi et al. 2025, "Iterative Self-Incentivization Empowers Large Language Models as
// Agentic Searchers"; public code mangopy/SearchLM, src/_inference.py and src/instruction.py).
//
// The inference loop writes one object per question:
//   {query_id, answer (gold), pred, messages: [...], rank: [{messages: [rank prompt, "[2]>[1]"]}]}
// `messages` is a chat list. The first user message is the prompt (question after `<USER QUERY>`).
// Assistant turns hold prefix markers, not closed tags: `<QUERY> sub-query` on the first turn,
// `<FACT> fact\n<QUERY> next sub-query` later, and a turn containing `<FINAL>`. The environment's
// user turns hold `<SEARCH> [2, 1] Title: t. Content: c\n…` (the ids the model selected, then
// those documents). After "please give the final answer …" the last assistant turn is the bare
// prediction. `rank[i]` is the selection sub-dialogue of search i: the candidate list `[k] doc`
// and the model's order `[2]>[1]`. The paper names the actions THINK / SEARCH / RECORD / FINAL;
// those spellings (and closing tags, and role "tool" for results) are accepted as well.
//
// Steps per iteration: think (the sub-query) + search (queries [q]) → retrieve (docs, ranked) →
// rank (ranking = doc ids in the model's order; the first is the one kept) → record (the fact) →
// … → answer.
//
// Doc ids: the log numbers documents per retrieval (`[1]` is a different document in each hop),
// so a doc's id is a hash of its title and text, the same wherever it appears in the trajectory;
// rankings are translated from the log's labels to those ids.
import { hash53 } from '../../hash';
import { docKey, type StepInput, type TrajectoryEvent } from '../../schema/builder';
import type { Doc } from '../../schema/trajectory';
import { type FormatImporter, type RecordContext, RecordError } from '../types';
import { goldAnswers, isObj, type Obj, pickString, recordQid, reportedScores } from './xml-tags';

type Action = 'think' | 'record' | 'final' | 'search';

// Code spellings first, then the paper's; either with an optional closing tag.
const MARKER = /<\/?(QUERY|THINK|FACT|RECORD|FINAL|SEARCH)>/g;
const ACTION: Record<string, Action> = {
  QUERY: 'think',
  THINK: 'think',
  FACT: 'record',
  RECORD: 'record',
  FINAL: 'final',
  SEARCH: 'search',
};
const FINAL_PROMPT = /please give the final answer to the input question:[^\n]*/i;
const RANKING = /^\s*\[\s*\d+\s*\](?:\s*>?\s*\[\s*\d+\s*\])*\s*$/;
const REPORTED_KEYS = ['prob', 'log_probs', 'score', 'em', 'f1', 'acc'] as const;

interface Msg {
  role: string;
  content: string;
}

function messagesOf(record: Obj, field: string): Msg[] {
  const list = record.messages;
  if (!Array.isArray(list)) throw new RecordError('expected a `messages` list', field);
  return list.map((m, i) => {
    if (!isObj(m) || typeof m.content !== 'string')
      throw new RecordError('each message needs a string `content`', `${field}.${i}.content`);
    return { role: typeof m.role === 'string' ? m.role : '', content: m.content };
  });
}

/** Marker-delimited parts of one message, in order; text before the first marker is `lead`. */
export function markerParts(content: string): {
  lead: string;
  parts: Array<{ action: Action; text: string }>;
} {
  const parts: Array<{ action: Action; text: string }> = [];
  const heads = [...content.matchAll(MARKER)].filter((m) => !m[0].startsWith('</'));
  const strip = (s: string) => s.replace(MARKER, '').trim();
  const lead = strip(content.slice(0, heads[0]?.index ?? content.length));
  heads.forEach((m, i) => {
    const from = m.index + m[0].length;
    const to = heads[i + 1]?.index ?? content.length;
    parts.push({ action: ACTION[m[1] ?? ''] ?? 'think', text: strip(content.slice(from, to)) });
  });
  return { lead, parts };
}

/** Ids in an order written `[2] > [1]`, `[2]>[1]` or as a list `[2, 1]`. */
export function parseIds(s: string): string[] {
  const seen = new Set<string>();
  for (const m of s.matchAll(/\d+/g)) seen.add(String(Number(m[0])));
  return [...seen];
}

/** One retrieved doc as ExSearch formats it: `Title: t. Content: c` (or `[k]`-numbered). */
function docFromLine(line: string, id: string, rank: number, query: string | undefined): Doc {
  const m = /^\s*Title:\s*(.*?)\.\s*Content:\s*([\s\S]*)$/i.exec(line);
  const doc: Doc = { id, rank, text: (m ? (m[2] ?? '') : line).trim() };
  const title = m?.[1]?.trim();
  if (title) doc.title = title;
  if (query) doc.query = query;
  return doc;
}

/** Splits text into docs at each line starting a new doc (`Title:` or `[k]`); other lines continue it. */
function docLines(text: string): Array<{ label?: string; body: string }> {
  const out: Array<{ label?: string; body: string }> = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const numbered = /^\s*\[(\d+)\]\s*(.*)$/.exec(line);
    if (numbered) out.push({ label: String(Number(numbered[1])), body: numbered[2] ?? '' });
    else if (/^\s*Title:/i.test(line) || out.length === 0) out.push({ body: line });
    else {
      const last = out.at(-1);
      if (last) last.body += `\n${line}`;
    }
  }
  return out;
}

/** A `<SEARCH>` result message: the selected ids (if listed) and the docs in that order. */
export function parseSearchResult(text: string, query: string | undefined): { ids: string[]; docs: Doc[] } {
  let body = text.replace(FINAL_PROMPT, '').trim();
  let ids: string[] = [];
  const lead = /^\[\s*\d+(?:\s*,\s*\d+)*\s*\]|^\[\s*\]/.exec(body);
  if (lead) {
    ids = parseIds(lead[0]);
    body = body.slice(lead[0].length).trim();
  }
  const docs = docLines(body).map((d, i) =>
    docFromLine(d.body, d.label ?? ids[i] ?? String(i + 1), i + 1, query),
  );
  return { ids, docs };
}

interface RankDialogue {
  query?: string;
  candidates: Doc[];
  ranking: string[];
  raw: string;
}

/** `rank[i]`: the candidate list the model chose from and the order it wrote. */
function rankDialogues(record: Obj): readonly RankDialogue[] {
  if (!Array.isArray(record.rank)) return [];
  return record.rank.map((r, i) => {
    const msgs = isObj(r) && Array.isArray(r.messages) ? r.messages : [];
    const prompt = isObj(msgs[0]) && typeof msgs[0].content === 'string' ? msgs[0].content : '';
    const reply = isObj(msgs[1]) && typeof msgs[1].content === 'string' ? msgs[1].content : '';
    if (!prompt) throw new RecordError('rank entry without its prompt', `rank.${i}.messages.0.content`);
    const query = /formulated query:\s*"([^"]*)"/i.exec(prompt)?.[1];
    const listed = /documents are listed below:\s*\n([\s\S]*?)\n\s*\n/i.exec(prompt)?.[1] ?? '';
    const candidates = docLines(listed)
      .filter((d) => d.label !== undefined)
      .map((d, k) => docFromLine(d.body, d.label ?? String(k + 1), k + 1, query));
    const out: RankDialogue = { candidates, ranking: parseIds(reply), raw: reply };
    if (query !== undefined) out.query = query;
    return out;
  });
}

interface Walk {
  steps: StepInput[];
  /** The last retrieval's [k] labels → doc ids. */
  labels: Map<string, string>;
  hop: number;
  turn: number;
  query?: string;
  final?: { text: string; raw: string };
  answer?: string;
}

function onAssistant(w: Walk, msg: Msg, isLast: boolean, ranks: readonly RankDialogue[]): void {
  w.turn++;
  const { lead, parts } = markerParts(msg.content);
  if (parts.length === 0) {
    if (RANKING.test(lead)) {
      w.steps.push({
        kind: 'rank',
        turn: w.turn,
        hop: w.hop,
        ranking: parseIds(lead).map((k) => w.labels.get(k) ?? k),
        text: lead,
        raw: msg.content,
      });
    } else if (w.final || isLast) {
      // The bare prediction after "please give the final answer".
      const raw = w.final ? `${w.final.raw}\n${msg.content}` : msg.content;
      w.answer = lead;
      w.final = undefined;
      w.steps.push({ kind: 'answer', turn: w.turn, text: lead, raw });
    } else {
      w.steps.push({
        kind: 'invalid',
        turn: w.turn,
        raw: msg.content,
        error: 'assistant turn without an ExSearch action',
      });
    }
    return;
  }
  for (const p of parts) {
    if (p.action === 'record') {
      if (p.text) w.steps.push({ kind: 'record', turn: w.turn, hop: w.hop, text: p.text, raw: msg.content });
    } else if (p.action === 'think') {
      if (!p.text) {
        w.steps.push({ kind: 'invalid', turn: w.turn, raw: msg.content, error: 'empty sub-query' });
        continue;
      }
      w.hop++;
      w.query = p.text;
      w.steps.push({ kind: 'think', turn: w.turn, hop: w.hop, text: p.text, raw: msg.content });
      w.steps.push({ kind: 'search', turn: w.turn, hop: w.hop, queries: [p.text], raw: msg.content });
    } else if (p.action === 'final') {
      w.final = { text: p.text, raw: msg.content };
    } else {
      // Warm-up trajectories (instruction.py's formulate) inline `<SEARCH> doc` in the model turn.
      addResults(w, p.text, msg.content, ranks);
    }
  }
}

/** rank[i] belongs to search i+1 when its query agrees; else the dialogue naming this query. */
function dialogueFor(
  ranks: readonly RankDialogue[],
  hop: number,
  query: string | undefined,
): RankDialogue | undefined {
  const agrees = (r: RankDialogue | undefined) =>
    r && r.candidates.length > 0 && (r.query === undefined || r.query === query);
  const byIndex = ranks[hop - 1];
  if (agrees(byIndex)) return byIndex;
  return ranks.find((r) => r.query !== undefined && r.query === query && agrees(r));
}

function onResult(w: Walk, msg: Msg, ranks: readonly RankDialogue[]): void {
  addResults(w, msg.content.replace(/^\s*<\/?SEARCH>/i, ''), msg.content, ranks);
}

/** A document's id across the trajectory: its content, not its per-retrieval [k] label. */
function trajectoryDocId(d: Doc): string {
  return `ex_${hash53(docKey(d))}`;
}

/** A retrieve step (and a rank step when the selection is known) for one search's results. */
function addResults(w: Walk, text: string, raw: string, ranks: readonly RankDialogue[]): void {
  // A bare "please give the final answer" turn carries no results.
  if (!text.replace(FINAL_PROMPT, '').trim()) return;
  const shown = parseSearchResult(text, w.query);
  if (shown.docs.length === 0 && shown.ids.length === 0) return;
  // Prefer the rank dialogue of this search: it has the whole candidate list the model chose from.
  const dialogue = dialogueFor(ranks, w.hop, w.query);
  const labelled = dialogue ? dialogue.candidates : shown.docs;
  w.labels = new Map(labelled.map((d) => [d.id, trajectoryDocId(d)]));
  // A `[k]` label is the doc's place in the retriever's candidate list: its rank.
  const docs = labelled.map((d) => ({
    ...d,
    id: trajectoryDocId(d),
    rank: /^\d+$/.test(d.id) ? Number(d.id) : d.rank,
  }));
  const step: StepInput = { kind: 'retrieve', turn: w.turn, hop: w.hop, docs, raw };
  if (w.query) step.queries = [w.query];
  w.steps.push(step);
  const labels = dialogue && dialogue.ranking.length > 0 ? dialogue.ranking : shown.ids;
  if (labels.length > 0) {
    const rankRaw = dialogue ? dialogue.raw : labels.map((k) => `[${k}]`).join(' > ');
    w.steps.push({
      kind: 'rank',
      turn: w.turn,
      hop: w.hop,
      ranking: labels.map((k) => w.labels.get(k) ?? k),
      text: `keep [${labels[0]}]`,
      raw: rankRaw,
    });
  }
}

function questionOf(record: Obj, prompt: string): string {
  const q = pickString(record, ['question', 'query', 'input']);
  if (q) return q.value.trim();
  const m = /<USER QUERY>\s*([\s\S]*?)(?:\n\s*Your Output:|$)/i.exec(prompt);
  return (m?.[1] ?? '').trim();
}

function isRankSample(msgs: readonly Msg[]): boolean {
  return (
    msgs.length === 2 &&
    /formulated query:/i.test(msgs[0]?.content ?? '') &&
    RANKING.test(msgs[1]?.content ?? '')
  );
}

function hasMarkers(v: unknown): boolean {
  if (!isObj(v) || !Array.isArray(v.messages)) return false;
  return v.messages.some(
    (m) => isObj(m) && typeof m.content === 'string' && /<(?:QUERY|FACT|FINAL|THINK|RECORD)>/.test(m.content),
  );
}

export const exsearchFormat: FormatImporter = {
  id: 'exsearch',
  label: 'ExSearch messages (<QUERY>, <SEARCH>, <FACT>, <FINAL>)',
  detect(sample) {
    if (sample.length === 0) return 0;
    // Rank-selection samples and malformed lines sit beside trajectories; a majority decides.
    const unwrapped = sample.map((r) => (isObj(r) && Array.isArray(r.output) ? r.output[0] : r));
    const hits = unwrapped.filter(hasMarkers).length;
    const chats = unwrapped.filter((r) => isObj(r) && Array.isArray(r.messages)).length;
    if (hits === 0 || chats * 2 < sample.length) return 0;
    return hits * 2 >= chats ? 0.95 : (0.95 * hits) / chats;
  },
  split(record) {
    // inference.py's summary file wraps every trajectory in one object: {score, output: [...], config}.
    if (!isObj(record) || !Array.isArray(record.output) || Array.isArray(record.messages)) return null;
    return record.output.map((value, i) => ({ value, field: `output.${i}` }));
  },
  toEvents(record: unknown, ctx: RecordContext): TrajectoryEvent[] {
    if (!isObj(record)) throw new RecordError('expected a JSON object with `messages`');
    const msgs = messagesOf(record, 'messages');
    if (isRankSample(msgs))
      throw new RecordError('a document-selection sample, not a search trajectory', 'messages');
    const promptIdx = msgs.findIndex((m) => m.role === 'user');
    if (promptIdx < 0) throw new RecordError('no user prompt in `messages`', 'messages');
    const ranks = rankDialogues(record);
    const w: Walk = { steps: [], labels: new Map(), hop: 0, turn: 0 };
    const lastAssistant = msgs.findLastIndex((m) => m.role === 'assistant');
    for (const [i, m] of msgs.entries()) {
      if (i <= promptIdx || m.role === 'system') continue;
      if (m.role === 'assistant') onAssistant(w, m, i === lastAssistant, ranks);
      else onResult(w, m, ranks);
    }
    if (w.final && w.answer === undefined) {
      w.answer = w.final.text;
      w.steps.push({ kind: 'answer', turn: w.turn, text: w.final.text, raw: w.final.raw });
    }
    const pred = pickString(record, ['pred', 'prediction']);
    if (w.answer === undefined && pred) w.answer = pred.value.trim();
    if (w.steps.length === 0) throw new RecordError('no ExSearch actions in `messages`', 'messages');

    const start: TrajectoryEvent & { type: 'start' } = {
      type: 'start',
      question: questionOf(record, msgs[promptIdx]?.content ?? ''),
      source: { kind: 'import', format: 'exsearch', file: ctx.file, line: ctx.line },
      agent: { strategy: 'exsearch', params: {} },
      raw: JSON.stringify(record.messages),
    };
    const qid = recordQid(record);
    if (qid) start.source.qid = qid;
    if (typeof record.model === 'string') start.agent.model = record.model;
    const answers = goldAnswers(record);
    if (answers.length > 0) start.gold = { answers };
    const reported = reportedScores(record, REPORTED_KEYS);
    if (reported) start.reported = reported;
    const events: TrajectoryEvent[] = [start, ...w.steps.map((step) => ({ type: 'step' as const, step }))];
    if (w.answer !== undefined) events.push({ type: 'answer', text: w.answer });
    events.push({ type: 'finish', reason: w.answer !== undefined ? 'answer' : 'no_answer' });
    return events;
  },
};
