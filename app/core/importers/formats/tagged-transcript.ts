// Parses one tagged agent transcript (Search-R1, R1-Searcher, When-to-Search) into builder step
// inputs. Pure and format-agnostic: the importers decide question, gold and metadata; this file
// only turns the model's text (plus the system's inserted documents) into steps.
//
// Model output is messy: tags are unclosed when generation is cut off, R1-Searcher closes a
// `</think>` it never opened (the prompt opens it), tags carry odd whitespace, chat-template
// markers leak into logs. The parser is a single left-to-right scan that tolerates all of it and
// keeps each step's exact source substring in `raw`.
import type { StepInput } from '../../schema/builder';
import type { Doc } from '../../schema/trajectory';
import { collapseDoubledQuotes, isCsvQuoted, unquoteCsv } from '../../text/csv-quote';

type ElementKind = 'think' | 'reflect' | 'record' | 'search' | 'information' | 'answer';

export interface TranscriptMarkers {
  /** `<search>` / `<information>` tags (Search-R1). */
  searchR1: boolean;
  /** `<|begin_of_query|>` / `<|begin_of_documents|>` markers (R1-Searcher). */
  r1Searcher: boolean;
  /** `<reflect>` tags (When-to-Search). */
  reflect: boolean;
}

export interface ParsedTranscript {
  steps: StepInput[];
  /** Text of the last `<answer>` (trimmed); absent when the transcript has none. */
  answer?: string;
  /** Whether the last `<answer>` was closed. */
  answerClosed: boolean;
  /** The transcript ends inside an unclosed tag (generation cut off). */
  cutOff: boolean;
  markers: TranscriptMarkers;
  /** Number of valid search actions (= `search` steps). */
  searches: number;
}

/** Parsed doc before `finalizeTrajectory` adds the derived flags. */
export type ParsedDoc = Pick<Doc, 'id' | 'title' | 'text' | 'rank' | 'query'>;

const TAG_KINDS: Record<string, ElementKind> = {
  think: 'think',
  reflect: 'reflect',
  reflection: 'reflect',
  refine: 'record',
  search: 'search',
  information: 'information',
  documents: 'information',
  answer: 'answer',
};

// One regex for every token the scanner cares about; alternatives are tried left to right, so
// the specific R1-Searcher markers win over the generic chat-template marker at the end.
const TOKEN =
  /(My previous action is invalid\.[^\n]*)|<\s*(\/?)\s*(think|reflect|reflection|refine|search|information|documents|answer)\s*>|<\|(begin|end)_of_(query|documents)\|>|<\|(begin|end)_search_(query|result)\|>|<\|[A-Za-z0-9_]+\|>(?:[ \t]*(?:system|user|assistant|tool)\b)?/gi;

const CHAT_MARKER = /<\|[A-Za-z0-9_]+\|>(?:[ \t]*(?:system|user|assistant|tool)\b)?/g;
const ASSISTANT_START =
  /<\|im_start\|>[ \t]*assistant\b|<\|start_header_id\|>[ \t]*assistant[ \t]*<\|end_header_id\|>/;

type Token =
  | { type: 'open'; kind: ElementKind; start: number; end: number }
  | { type: 'close'; kind: ElementKind; start: number; end: number }
  | { type: 'marker'; start: number; end: number }
  /** Search-R1's rollout appends this notice after a turn without a valid action; it quotes tags. */
  | { type: 'notice'; start: number; end: number };

function classify(m: RegExpExecArray): Token {
  const start = m.index;
  const end = start + m[0].length;
  if (m[1]) return { type: 'notice', start, end };
  if (m[3]) {
    const kind = TAG_KINDS[m[3].toLowerCase()] ?? 'think';
    return { type: m[2] ? 'close' : 'open', kind, start, end };
  }
  const edge = m[4] ?? m[6];
  const what = (m[5] ?? m[7] ?? '').toLowerCase();
  if (edge) {
    const kind: ElementKind = what === 'query' ? 'search' : 'information';
    return { type: edge.toLowerCase() === 'begin' ? 'open' : 'close', kind, start, end };
  }
  return { type: 'marker', start, end };
}

/** Where the model's own text starts: after the prompt when a chat-templated prompt is included. */
export function transcriptStart(text: string): number {
  const m = ASSISTANT_START.exec(text);
  if (!m) return 0;
  const before = text.slice(0, m.index);
  // Only skip when what precedes is a templated prompt, not model text that mentions a marker.
  return /<\|im_start\|>|<\|start_header_id\|>/.test(before) ? m.index + m[0].length : 0;
}

/** Drops chat-template markers (`<|im_start|>assistant`, `<|im_end|>`, …) from text. */
export function stripChatMarkers(text: string): string {
  return text.replace(CHAT_MARKER, '');
}

interface OpenElement {
  kind: ElementKind;
  tagStart: number;
  contentStart: number;
}

/** Parses a transcript; `text` is kept whole so every step's `raw` is an exact substring of it. */
export function parseTaggedTranscript(text: string): ParsedTranscript {
  return new Scanner(text).run();
}

class Scanner {
  private readonly steps: StepInput[] = [];
  private readonly markers: TranscriptMarkers = { searchR1: false, r1Searcher: false, reflect: false };
  private cursor: number;
  private open: OpenElement | null = null;
  private turn = 1;
  private turnHasContent = false;
  private hop = 0;
  private blocks = 0;
  private pending: { hop: number; turn: number; query: string } | null = null;
  private answer: string | undefined;
  private answerClosed = false;
  private cutOff = false;

  constructor(private readonly src: string) {
    this.cursor = transcriptStart(src);
  }

  run(): ParsedTranscript {
    const re = new RegExp(TOKEN.source, TOKEN.flags);
    re.lastIndex = this.cursor;
    for (let m = re.exec(this.src); m; m = re.exec(this.src)) this.token(classify(m), m[0]);
    if (this.open) {
      // Unclosed final element: the generation was cut off inside it.
      this.cutOff = true;
      this.closeOpen(this.src.length, this.src.length, false);
    } else {
      this.flushFree(this.src.length);
    }
    if (this.turnHasContent && this.answer === undefined)
      this.push({
        kind: 'invalid',
        turn: this.turn,
        error: this.cutOff
          ? 'generation was cut off before a search or an answer'
          : 'the last turn has no valid action (no search and no answer)',
      });
    const out: ParsedTranscript = {
      steps: this.steps,
      answerClosed: this.answerClosed,
      cutOff: this.cutOff,
      markers: this.markers,
      searches: this.hop,
    };
    if (this.answer !== undefined) out.answer = this.answer;
    return out;
  }

  private token(t: Token, lexeme: string): void {
    const open = this.open;
    if (open?.kind === 'information') {
      // System-inserted documents: nothing inside them is the model's, only the closer counts.
      if (t.type === 'close' && t.kind === 'information') this.closeOpen(t.start, t.end, true);
      return;
    }
    this.noteMarkers(t, lexeme);
    if (t.type === 'notice') {
      if (open) this.closeOpen(t.start, t.start, false);
      else this.flushFree(t.start);
      this.cursor = t.end;
      this.push({
        kind: 'invalid',
        turn: this.turn,
        raw: lexeme.trim(),
        error: 'previous action is invalid (no <search> or <answer> in the turn)',
      });
      this.endTurn();
      return;
    }
    if (open) {
      if (t.type === 'marker') return;
      if (t.type === 'close') {
        this.closeOpen(t.start, t.end, true);
        return;
      }
      // A new tag before the closer: the open element ends here (odd nesting or a lost closer).
      this.closeOpen(t.start, t.start, false);
      this.open = { kind: t.kind, tagStart: t.start, contentStart: t.end };
      return;
    }
    if (t.type === 'open') {
      this.flushFree(t.start);
      this.open = { kind: t.kind, tagStart: t.start, contentStart: t.end };
      return;
    }
    if (t.type === 'close' && (t.kind === 'think' || t.kind === 'reflect')) {
      // A closer without an opener (R1-Searcher's prompt opens `<think>`): the free text before
      // it is that element.
      this.open = { kind: t.kind, tagStart: this.cursor, contentStart: this.cursor };
      this.closeOpen(t.start, t.end, true);
    }
    // Chat markers and stray closers stay inside the surrounding free text.
  }

  private noteMarkers(t: Token, lexeme: string): void {
    if (t.type === 'marker' || t.type === 'notice') return;
    if (lexeme.startsWith('<|')) this.markers.r1Searcher ||= t.kind === 'search' || t.kind === 'information';
    else if (t.kind === 'search' || t.kind === 'information') this.markers.searchR1 = true;
    else if (t.kind === 'reflect' && /reflect\s*>$/i.test(lexeme)) this.markers.reflect = true;
  }

  /** Ends the open element: content up to `contentEnd`, raw up to `end`. */
  private closeOpen(contentEnd: number, end: number, closed: boolean): void {
    const el = this.open;
    if (!el) return;
    this.open = null;
    this.cursor = end;
    const content = this.src.slice(el.contentStart, contentEnd);
    const raw = this.src.slice(el.tagStart, end).trim();
    switch (el.kind) {
      case 'think':
      case 'reflect':
      case 'record':
        this.reasoning(el.kind, content, raw);
        return;
      case 'search':
        this.search(content, raw);
        return;
      case 'information':
        this.information(content, raw);
        return;
      case 'answer':
        this.answer = stripChatMarkers(content).trim();
        this.answerClosed = closed;
        this.push({ kind: 'answer', turn: this.turn, text: this.answer, raw });
        this.endTurn();
        return;
    }
  }

  private reasoning(kind: 'think' | 'reflect' | 'record', content: string, raw: string): void {
    const text = stripChatMarkers(content).trim();
    if (!text) return; // `<think></think>` says nothing
    this.push({ kind, turn: this.turn, text, raw });
    this.turnHasContent = true;
  }

  private search(content: string, raw: string): void {
    const queries = searchQueries(content);
    if (queries.length === 0) {
      this.push({ kind: 'invalid', turn: this.turn, raw, error: 'empty search query' });
      this.endTurn();
      return;
    }
    this.hop++;
    this.pending = { hop: this.hop, turn: this.turn, query: queries[0] ?? '' };
    this.push({ kind: 'search', turn: this.turn, hop: this.hop, queries, text: queries.join('\n'), raw });
    this.endTurn();
  }

  private information(content: string, raw: string): void {
    this.blocks++;
    const p = this.pending;
    this.pending = null;
    if (p) {
      this.push({
        kind: 'retrieve',
        turn: p.turn,
        hop: p.hop,
        docs: parseDocs(content, `h${p.hop}`, p.query),
        raw,
      });
    } else {
      // Documents with no valid search before them (e.g. after an empty query).
      this.push({
        kind: 'retrieve',
        turn: Math.max(1, this.turn - 1),
        docs: parseDocs(content, `b${this.blocks}`),
        raw,
      });
    }
  }

  /** Free text between elements is reasoning; text trailing a given answer too (no new turn). */
  private flushFree(end: number): void {
    const slice = this.src.slice(this.cursor, end);
    this.cursor = end;
    this.reasoning('think', slice, slice.trim());
  }

  private endTurn(): void {
    this.turn++;
    this.turnHasContent = false;
  }

  private push(step: StepInput): void {
    this.steps.push(step);
  }
}

/** Queries of one search action: `<query>` children when present (multi-query), else the body. */
export function searchQueries(body: string): string[] {
  const inner = [...body.matchAll(/<query>([\s\S]*?)(?:<\/query>|$)/gi)].map((m) => (m[1] ?? '').trim());
  const qs = inner.length > 0 ? inner : [stripChatMarkers(body).trim()];
  return qs.map((q) => q.replace(/\s+/g, ' ')).filter((q) => q.length > 0);
}

// Item starts of the three document layouts seen in logs.
const SEARCH_R1_ITEM = /(?:^|\n)[ \t]*Doc\s*(\d+)\s*\(\s*Title:\s*/g;
const NUMBERED_ITEM = /(?:^|\n)[ \t]*\((\d+)\)/g;
const PASSAGE_ITEM = /(?:^|\n)[ \t]*Passage\s*#?\s*(\d+)\s*:?[ \t]*/g;

/**
 * Splits an information block into docs. Layouts: Search-R1 `Doc i(Title: t) text` (title
 * quoted or not, may hold parentheses), R1-Searcher `(i)Title: t Text: x` and the
 * `(i)title   text` its released logs actually hold, either one possibly CSV-quoted whole
 * (`(5)"Title: t Text: the ""B"" series"`), QAgent `Passage #i title\ntext`; anything else is
 * one doc. CSV escapes are undone, so titles match gold and text reads as written.
 */
export function parseDocs(block: string, idPrefix: string, query?: string): ParsedDoc[] {
  const make = (rank: number, title: string | undefined, text: string): ParsedDoc => {
    const d: ParsedDoc = { id: `${idPrefix}d${rank}`, text: collapseDoubledQuotes(text.trim()), rank };
    const t = title === undefined ? '' : unquoteCsv(title);
    if (t) d.title = t;
    if (query !== undefined) d.query = query;
    return d;
  };
  const sr1 = items(block, SEARCH_R1_ITEM);
  if (sr1.length > 0) return sr1.map((body, i) => splitSearchR1(body, (t, x) => make(i + 1, t, x)));
  const numbered = items(block, NUMBERED_ITEM);
  if (numbered.length > 0) return numbered.map((body, i) => splitNumbered(body, (t, x) => make(i + 1, t, x)));
  const passages = items(block, PASSAGE_ITEM);
  if (passages.length > 0)
    return passages.map((body, i) => {
      const nl = body.indexOf('\n');
      return nl < 0 ? make(i + 1, undefined, body) : make(i + 1, body.slice(0, nl), body.slice(nl + 1));
    });
  const whole = block.trim();
  return whole ? [make(1, undefined, whole)] : [];
}

/** Bodies of the items a start pattern finds (text between one start and the next). */
function items(block: string, start: RegExp): string[] {
  const re = new RegExp(start.source, start.flags);
  const starts = [...block.matchAll(re)];
  return starts.map((m, i) => block.slice(m.index + m[0].length, starts[i + 1]?.index ?? block.length));
}

function splitSearchR1<T>(body: string, make: (title: string | undefined, text: string) => T): T {
  if (body.startsWith('"')) {
    // Quoted title, CSV-style: `""` is an escaped quote.
    for (let i = 1; i < body.length; i++) {
      if (body[i] !== '"') continue;
      if (body[i + 1] === '"') {
        i++;
        continue;
      }
      const after = /^\s*\)/.exec(body.slice(i + 1));
      if (after) return make(body.slice(0, i + 1), body.slice(i + 1 + after[0].length));
      break;
    }
  }
  const close = titleClose(body);
  return close < 0 ? make(undefined, body) : make(body.slice(0, close), body.slice(close + 1));
}

/** Index of the `)` that ends an unquoted title: the first one outside the title's own parens. */
function titleClose(body: string): number {
  let depth = 0;
  const eol = body.indexOf('\n');
  const limit = eol < 0 ? body.length : eol;
  for (let i = 0; i < limit; i++) {
    const c = body[i];
    if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) return i;
      depth--;
    }
  }
  // Unbalanced title parens: fall back to the first `)` on the line.
  const first = body.indexOf(')');
  return first >= 0 && first < limit ? first : -1;
}

/** `Title: t Text: x` (R1-Searcher's prompt layout). */
const TITLE_TEXT = /^\s*Title:\s*([\s\S]*?)\s+Text:\s?([\s\S]*)$/;

/** An item CSV-quoted whole, unquoted; other items as they are. */
function unquoteItem(raw: string): string {
  if (isCsvQuoted(raw)) return unquoteCsv(raw);
  const t = raw.trim();
  // `"Title:` only ever opens a quoted item: read it even when the passage was cut off before
  // the closing quote.
  return t.startsWith('"Title:') ? t.slice(1).replace(/"$/, '').replace(/""/g, '"') : raw;
}

function splitNumbered<T>(raw: string, make: (title: string | undefined, text: string) => T): T {
  const body = unquoteItem(raw);
  const tagged = TITLE_TEXT.exec(body);
  if (tagged) return make(tagged[1], tagged[2] ?? '');
  // R1-Searcher's released logs: `title` + three spaces + `text` on one line.
  const gap = / {3,}/.exec(body);
  const eol = body.indexOf('\n');
  if (gap && gap.index > 0 && gap.index <= 300 && (eol < 0 || gap.index < eol))
    return make(body.slice(0, gap.index), body.slice(gap.index + gap[0].length));
  return make(undefined, body);
}

/** Which published system a transcript's markup belongs to (used as strategy and source.system). */
export function transcriptSystem(markers: TranscriptMarkers): 'search-r1' | 'r1-searcher' | 'when-to-search' {
  if (markers.reflect) return 'when-to-search';
  if (markers.r1Searcher && !markers.searchR1) return 'r1-searcher';
  return 'search-r1';
}

/** Finish reason derived from the transcript itself. */
export function transcriptFinish(p: ParsedTranscript): string {
  if (p.answer !== undefined && p.answerClosed) return 'answer';
  if (p.cutOff) return 'cut-off';
  return 'no-answer';
}

/** Whether text carries any transcript markup this parser understands (case-sensitive, lowercase). */
export function looksTagged(text: string): boolean {
  return /<search>|<\/search>|<information>|<answer>|<\/answer>|<reflect>|<\|begin_of_query\|>|<\|begin_of_documents\|>/.test(
    text,
  );
}
