// The one streaming record reader for every file Hopscope imports (trajectory logs, corpora,
// question sets). It takes text chunk by chunk, holds no more than the record being read, and
// hands on each record with the line it starts on:
// - a JSON array: each element is parsed on its own, so a bad or truncated element, a trailing
//   comma, a NaN or trailing garbage costs only what it breaks (reported with its line);
// - JSONL: one record per line, in time linear in the line's length; a line over `maxRecordChars`
//   is reported as that line, not the whole file;
// - concatenated or pretty-printed JSON objects (`{\n ...\n}\n{\n ...\n}`): each top-level value;
// - a plain-text transcript (only when the caller allows it): the whole text as one record.
// Lines end at LF, CRLF or a lone CR. The container is chosen from the first lines, not the first
// character: a prose or comment line before JSONL records is reported, the records are kept.
import type { LoadIssue } from '../corpus/types';

export interface JsonRecordHandler {
  record(value: unknown, line: number): void;
  issue(issue: LoadIssue): void;
}

export type RecordContainer = 'jsonl' | 'json-array' | 'json' | 'text';

export interface RecordStreamOptions {
  /** A file with no JSON lines is one plain-text record (trajectory transcripts). */
  allowText?: boolean;
  /** Longest record (line, element or transcript) read, in characters. */
  maxRecordChars?: number;
  onContainer?: (c: RecordContainer) => void;
}

/** Records longer than this are reported and skipped: V8 strings stop at ~512 Mi characters. */
export const MAX_RECORD_CHARS = 128 * 1024 * 1024;
/** How much of the file's start the container decision looks at. */
const DECIDE_CHARS = 64 * 1024;
const DECIDE_LINES = 50;

type Mode = 'undecided' | 'array' | 'lines' | 'values' | 'text';

const isWs = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff || c === 0;
/** BOM, NUL and whitespace around a line; a leading NUL is junk, not part of the record. */
const strip = (s: string) => s.replace(/^[\s\uFEFF\0]+|[\s\0]+$/g, '');

export class JsonRecordStream {
  private mode: Mode = 'undecided';
  private head = '';
  private readonly max: number;
  // lines mode: the current line's pieces (joined once, at its end, so long lines stay linear)
  private pieces: string[] = [];
  private pieceChars = 0;
  private overflow = false;
  private lineNo = 1;
  private afterCR = false;
  // array / values scanner
  private line = 1;
  private depth = 0;
  private inString = false;
  private escape = false;
  private started = false;
  private ended = false;
  private trailingReported = false;
  private inElem = false;
  private elemLine = 0;
  private elemStructured = false;
  private elemBase = 0;
  private records = 0;

  constructor(
    private readonly out: JsonRecordHandler,
    private readonly opts: RecordStreamOptions = {},
  ) {
    this.max = opts.maxRecordChars ?? MAX_RECORD_CHARS;
  }

  /** How many records were handed on so far (good or not). */
  get count(): number {
    return this.records;
  }

  write(chunk: string): void {
    if (!chunk) return;
    if (this.mode === 'undecided') {
      this.head += chunk;
      // Deciding splits the head into lines: only worth it once a line has ended.
      if (this.head.length < DECIDE_CHARS && !/[\r\n]/.test(chunk)) return;
      if (!this.decide(false)) return;
      const text = this.head;
      this.head = '';
      this.feed(text);
      return;
    }
    this.feed(chunk);
  }

  end(): void {
    if (this.mode === 'undecided') {
      this.decide(true);
      const text = this.head;
      this.head = '';
      if (this.mode === 'undecided') return; // blank file
      this.feed(text);
    }
    if (this.mode === 'lines') {
      this.endLine(this.lineNo);
      return;
    }
    if (this.mode === 'text') {
      if (this.overflow) this.tooLong(1);
      else {
        const text = this.pieces.join('').replace(/^\uFEFF/, '');
        if (text.trim()) {
          this.records++;
          this.out.record(text, 1);
        }
      }
      this.pieces = [];
      return;
    }
    if (this.inElem) {
      if (!this.elemStructured && !this.inString) this.emit();
      else {
        this.out.issue({
          line: this.elemLine,
          message: 'the file ends inside this record (unclosed bracket or string); record skipped',
        });
        this.records++;
        this.dropElem();
      }
    }
    if (this.mode === 'array' && this.started && !this.ended)
      this.out.issue({ line: this.line, message: 'the JSON array is not closed', severity: 'warning' });
  }

  /** Picks the container once enough of the start is in (or at the end). */
  private decide(atEnd: boolean): boolean {
    const text = this.head;
    let i = 0;
    while (i < text.length && isWs(text.charCodeAt(i))) i++;
    if (i >= text.length) return false;
    const lines = text.slice(i).split(/\r\n?|\n/);
    const complete = atEnd ? lines : lines.slice(0, -1);
    if (!atEnd && complete.length < DECIDE_LINES && text.length < DECIDE_CHARS) return false;
    // A first line still incomplete at DECIDE_CHARS is judged by its start.
    const firstLine = strip(complete[0] ?? lines[0] ?? '');
    const firstDone = complete.length > 0;
    const first = firstLine[0];
    const parses = firstDone && parsesAsJson(firstLine);
    let mode: Mode;
    if (first === '[') {
      // `[INFO] …` is prose; a one-line array followed by more JSON lines is JSONL.
      const opensArray = /^\[\s*([[{"\]\-0-9tfnN]|$)/.test(firstLine);
      const moreJson = complete.slice(1).some((l) => /^[[{]/.test(strip(l)) && parsesAsJson(strip(l)));
      if (parses && moreJson) mode = 'lines';
      else if (opensArray) mode = 'array';
      else mode = this.textOrLines(complete);
    } else if (first === '{') {
      const objectLine = firstLine.endsWith('}') && firstLine.length > 1;
      // A malformed first line before JSON-object lines is still JSONL (pretty-printed JSON
      // has few lines that parse on their own).
      mode =
        parses || objectLine || !firstDone || jsonLinesShare(complete.slice(1)) >= 0.5 ? 'lines' : 'values';
    } else mode = this.textOrLines(complete);
    this.mode = mode;
    const container: RecordContainer =
      mode === 'lines' ? 'jsonl' : mode === 'array' ? 'json-array' : mode === 'values' ? 'json' : 'text';
    this.opts.onContainer?.(container);
    return true;
  }

  /** Prose first: JSONL when JSON lines are at least as common as the others, else a transcript. */
  private textOrLines(lines: readonly string[]): Mode {
    if (!this.opts.allowText) return 'lines';
    return jsonLinesShare(lines) >= 0.5 ? 'lines' : 'text';
  }

  private feed(text: string): void {
    if (this.mode === 'lines') this.feedLines(text);
    else if (this.mode === 'text') this.feedText(text);
    else this.scan(text);
  }

  private feedText(text: string): void {
    if (this.overflow) return;
    this.pieces.push(text);
    this.pieceChars += text.length;
    if (this.pieceChars > this.max) {
      this.overflow = true;
      this.pieces = [];
    }
  }

  private feedLines(text: string): void {
    let start = 0;
    if (this.afterCR) {
      this.afterCR = false;
      if (text.charCodeAt(0) === 10) start = 1;
    }
    const eol = /\r\n?|\n/g;
    eol.lastIndex = start;
    for (let m = eol.exec(text); m; m = eol.exec(text)) {
      this.addPiece(text.slice(start, m.index));
      this.endLine(this.lineNo);
      this.lineNo++;
      start = m.index + m[0].length;
      // A CR at the chunk's end may be the first half of a CRLF split across chunks.
      if (m[0] === '\r' && start === text.length) this.afterCR = true;
    }
    this.addPiece(text.slice(start));
  }

  private addPiece(s: string): void {
    if (!s || this.overflow) return;
    this.pieceChars += s.length;
    if (this.pieceChars > this.max) {
      this.overflow = true;
      this.pieces = [];
      return;
    }
    this.pieces.push(s);
  }

  private endLine(line: number): void {
    const overflow = this.overflow;
    const raw = this.pieces.length === 1 ? (this.pieces[0] as string) : this.pieces.join('');
    this.pieces = [];
    this.pieceChars = 0;
    this.overflow = false;
    if (overflow) {
      this.tooLong(line);
      return;
    }
    this.lineRecord(raw, line);
  }

  private tooLong(line: number): void {
    this.records++;
    this.out.issue({
      line,
      message: `record longer than the limit of ${this.max.toLocaleString('en-US')} characters; skipped`,
    });
  }

  private lineRecord(raw: string, line: number): void {
    const s = strip(raw);
    if (!s) return;
    this.records++;
    if (/^[\s\uFEFF]*\0/.test(raw))
      this.out.issue({ line, message: 'NUL bytes before the record were ignored', severity: 'warning' });
    let v: unknown;
    try {
      v = JSON.parse(s);
    } catch (e) {
      this.out.issue({ line, message: `invalid JSON: ${shortError(e)}` });
      return;
    }
    this.out.record(v, line);
  }

  /** The array / concatenated-values scanner (strings, brackets and lines tracked across chunks). */
  private scan(text: string): void {
    let start = this.inElem ? 0 : -1;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      // Lines: LF, CRLF or a lone CR, wherever they are.
      if (code === 13) this.line++;
      else if (code === 10 && !this.afterCR) this.line++;
      this.afterCR = code === 13;
      if (this.inElem) {
        if (this.inString) {
          if (this.escape) this.escape = false;
          else if (code === 92) this.escape = true;
          else if (code === 34) this.inString = false;
          continue;
        }
        if (code === 34) {
          this.inString = true;
          continue;
        }
        if (this.elemStructured) {
          if (code === 123 || code === 91) this.depth++;
          else if (code === 125 || code === 93) {
            this.depth--;
            if (this.depth === this.elemBase) {
              this.addPart(text.slice(start, i + 1));
              this.emit();
              start = -1;
            }
          }
          continue;
        }
        // A bare value (number, literal, NaN, stray text) ends at a separator.
        const endsHere =
          this.mode === 'array'
            ? code === 44 || (code === 93 && this.depth === 1) || code === 10 || code === 13
            : code === 10 || code === 13 || code === 32 || code === 9;
        if (!endsHere) continue;
        this.addPart(text.slice(start, i));
        this.emit();
        start = -1;
        // fall through: the separator itself is handled below
      }
      if (isWs(code)) continue;
      if (this.mode === 'array') {
        if (!this.started) {
          if (code === 91) {
            this.started = true;
            this.depth = 1;
          }
          continue;
        }
        if (this.ended) {
          if (!this.trailingReported) {
            this.out.issue({ line: this.line, message: 'text after the end of the JSON array was ignored' });
            this.trailingReported = true;
          }
          continue;
        }
        if (code === 44) continue;
        if (code === 93) {
          this.ended = true;
          this.depth = 0;
          continue;
        }
      }
      // A record starts here.
      this.inElem = true;
      this.elemLine = this.line;
      this.elemBase = this.mode === 'array' ? 1 : 0;
      this.elemStructured = code === 123 || code === 91;
      if (this.elemStructured) this.depth = this.elemBase + 1;
      else if (code === 34) this.inString = true;
      start = i;
    }
    if (this.inElem && start >= 0) this.addPart(text.slice(start));
  }

  private addPart(s: string): void {
    if (this.overflow) return;
    this.pieceChars += s.length;
    if (this.pieceChars > this.max) {
      this.overflow = true;
      this.pieces = [];
      return;
    }
    this.pieces.push(s);
  }

  private dropElem(): void {
    this.inElem = false;
    this.pieces = [];
    this.pieceChars = 0;
    this.overflow = false;
    this.inString = false;
    this.escape = false;
    this.depth = this.elemBase;
  }

  private emit(): void {
    const overflow = this.overflow;
    const s = overflow ? '' : this.pieces.join('').trim();
    const line = this.elemLine;
    this.dropElem();
    if (overflow) {
      this.tooLong(line);
      return;
    }
    if (!s) return;
    this.records++;
    let v: unknown;
    try {
      v = JSON.parse(s);
    } catch (e) {
      this.out.issue({ line: line + linesBefore(s, e), message: `invalid JSON: ${shortError(e)}` });
      return;
    }
    this.out.record(v, line);
  }
}

/** Line breaks in a multi-line record before the position JSON.parse's error names. */
function linesBefore(s: string, e: unknown): number {
  const m = /position (\d+)/.exec(String((e as Error)?.message));
  if (!m) return 0;
  const end = Math.min(Number(m[1]), s.length);
  let n = 0;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === 10 || (c === 13 && s.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}

/**
 * Share of the non-blank lines that look like JSONL records: a JSON object or array, or a line
 * shaped like a (malformed) object, or a bare JSON value. 0 when no line is an object or array.
 */
function jsonLinesShare(lines: readonly string[]): number {
  let records = 0;
  let json = 0;
  let other = 0;
  for (const raw of lines) {
    const s = strip(raw);
    if (!s) continue;
    const parses = parsesAsJson(s);
    if ((s[0] === '{' || s[0] === '[') && parses) records++;
    if (parses || (s[0] === '{' && s.endsWith('}'))) json++;
    else other++;
  }
  return records === 0 ? 0 : json / (json + other);
}

function parsesAsJson(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

/** JSON.parse's message without the (possibly huge, untrusted) text it quotes. */
function shortError(e: unknown): string {
  const m = String((e as Error)?.message ?? e);
  return m.length > 200 ? `${m.slice(0, 200)}…` : m;
}

/** All records of a JSON/JSONL text at once (the same reader as the stream). */
export function readJsonRecords(
  text: string,
  opts?: RecordStreamOptions,
): {
  records: Array<{ value: unknown; line: number }>;
  issues: LoadIssue[];
} {
  const records: Array<{ value: unknown; line: number }> = [];
  const issues: LoadIssue[] = [];
  const s = new JsonRecordStream(
    {
      record: (value, line) => records.push({ value, line }),
      issue: (i) => issues.push(i),
    },
    opts,
  );
  s.write(text);
  s.end();
  return { records, issues };
}
