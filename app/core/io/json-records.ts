// The one streaming record reader for every file Hopscope imports (trajectory logs, corpora,
// question sets). It takes text chunk by chunk, holds no more than the record being read, and
// hands on each record with the line it starts on:
// - a JSON array: each element is parsed on its own, so a bad or truncated element, a trailing
//   comma, a NaN or trailing garbage costs only what it breaks (reported with its line); an
//   element cut off mid-object costs itself, not the elements after it: a `{` directly inside an
//   object and not after a `:` starts the next one, as the text streams; a cut deeper inside is
//   found once the element fails to parse (element-resync.ts), re-reading at most about twice
//   the file's length in all (past that, the rest of the array is that element's report);
//   arrays one after another (a run appending to its output) are all read;
// - JSONL: one record per line, in time linear in the line's length; a line over `maxRecordChars`
//   is reported as that line, not the whole file;
// - concatenated or pretty-printed JSON objects (`{\n ...\n}\n{\n ...\n}`): each top-level value;
// - a plain-text transcript (only when the caller allows it): the whole text as one record.
// Lines end at LF, CRLF or a lone CR; RS (RFC 7464 JSON text sequences) is whitespace. A line or
// element that is a JSON string holding an object's JSON (double-encoded) is that object. The
// container is chosen from the evidence of the first lines (record-container.ts), not the first
// character: broken or prose lines before JSONL records are reported, the records are kept.
import type { LoadIssue } from '../corpus/types';
import { lineAndColumn, resyncPoint } from './element-resync';
import { nullOverflowed, parseWithNonFinite } from './non-finite-json';
import { chooseMode, doubleEncoded, type ScanMode, strip } from './record-container';

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

type Mode = 'undecided' | ScanMode;

const isWs = (c: number) =>
  c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff || c === 0 || c === 0x1e;
/** Records re-read after cut-off ones, at most this many nested (each re-read is shorter). */
const MAX_RESYNC_DEPTH = 64;

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
  private arrayOpen = false;
  private trailingReported = false;
  private col = 0;
  private lineBlank = true;
  private inElem = false;
  private elemLine = 0;
  private elemCol: number | null = null;
  private elemStructured = false;
  private elemObject = false;
  /** The last character outside strings in the record being read (a string counts as `"`). */
  private prevCode = 0;
  private elemBase = 0;
  private records = 0;
  private doubleReported = false;
  private nonFiniteReported = false;
  // Re-reading after cut-off records stays linear: bounded by what was read, and nested so deep.
  private scanned = 0;
  private rescanned = 0;
  private resyncDepth = 0;

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
          this.jsonInText(text);
        }
      }
      this.pieces = [];
      return;
    }
    while (this.inElem) {
      if (!this.elemStructured && !this.inString) {
        this.emit();
        break;
      }
      // A record the file ends inside may hold records appended after its cut (where parsing
      // fails is no guide: the text up to the end may be a valid start).
      const s = this.overflow ? '' : this.pieces.join('');
      if (s && this.elemStructured && this.resync(s, undefined, 'the file ends inside it')) continue;
      this.out.issue({
        line: this.elemLine,
        message: 'the file ends inside this record (unclosed bracket or string); record skipped',
      });
      this.records++;
      this.dropElem();
    }
    if (this.arrayOpen)
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
    const firstDone = complete.length > 0;
    const mode = chooseMode(firstDone ? complete : lines.slice(0, 1), firstDone, !!this.opts.allowText);
    this.mode = mode;
    const container: RecordContainer =
      mode === 'lines' ? 'jsonl' : mode === 'array' ? 'json-array' : mode === 'values' ? 'json' : 'text';
    this.opts.onContainer?.(container);
    return true;
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
    if (!s) {
      // NUL padding (a crashed writer's preallocated block) is no record, but the user is told.
      // eslint-disable-next-line no-control-regex -- NUL and RS are what such a line holds.
      if (/[\0\x1e]/.test(raw))
        this.out.issue({
          line,
          message: 'the line holds only NUL or RS control bytes, no record; skipped',
          severity: 'warning',
        });
      return;
    }
    this.records++;
    if (/^[\s\uFEFF]*\0/.test(raw))
      this.out.issue({ line, message: 'NUL bytes before the record were ignored', severity: 'warning' });
    let v: unknown;
    try {
      v = JSON.parse(s);
    } catch (e) {
      v = this.withNonFinite(s, line);
      if (v === undefined) {
        this.out.issue({ line, message: `invalid JSON: ${shortError(e)}` });
        return;
      }
    }
    this.out.record(this.finite(this.decoded(v, line), s, line), line);
  }

  /**
   * A record JSON.parse refused, read again with Python's bare NaN / Infinity as null (json.dumps'
   * default), in every mode (lines, array, concatenated); said once per file. undefined when that
   * does not make it JSON either.
   */
  private withNonFinite(s: string, line: number): unknown {
    const v = parseWithNonFinite(s);
    if (v !== undefined) this.nonFinite(line);
    return v;
  }

  /** `v` with a numeral too large for a double (`1e999`, parsed as Infinity) read as null too. */
  private finite(v: unknown, s: string, line: number): unknown {
    if (nullOverflowed(v, s)) this.nonFinite(line);
    return v;
  }

  /** One rule, one warning per file, for every non-finite number. */
  private nonFinite(line: number): void {
    if (this.nonFiniteReported) return;
    this.nonFiniteReported = true;
    this.out.issue({
      line,
      message:
        'NaN, Infinity (as Python’s json.dumps writes them) or a number too large for a double (1e999) read as null; said once for the file',
      severity: 'warning',
    });
  }

  /**
   * A transcript (a file whose first lines are not JSON) with lines that are JSON objects further
   * down may be a JSONL log behind a long preamble: said, with where they start, so its records
   * are not lost without a word.
   */
  private jsonInText(text: string): void {
    let count = 0;
    let first = 0;
    text.split(/\r\n|\r|\n/).forEach((raw, i) => {
      const s = strip(raw);
      if (s[0] !== '{' || s[s.length - 1] !== '}') return;
      try {
        if (typeof JSON.parse(s) !== 'object') return;
      } catch {
        return;
      }
      if (count++ === 0) first = i + 1;
    });
    if (count === 0) return;
    this.out.issue({
      line: first,
      message:
        `${count} line${count === 1 ? ' is a JSON object' : 's are JSON objects'} (the first at line ${first}), but the ` +
        `file's first lines are not JSON, so it was read as one plain-text transcript; if it is a JSONL ` +
        `log after a preamble, remove the lines before line ${first} and import it again`,
      severity: 'warning',
    });
  }

  /** A double-encoded record decoded (said once per file: the user may want to fix the writer). */
  private decoded(v: unknown, line: number): unknown {
    const inner = doubleEncoded(v);
    if (inner === undefined) return v;
    if (!this.doubleReported) {
      this.doubleReported = true;
      this.out.issue({
        line,
        message:
          "this record is a JSON string holding the record's JSON (encoded twice); read the record it " +
          'holds, here and wherever else the file does the same',
        severity: 'warning',
      });
    }
    return inner;
  }

  /** The array / concatenated-values scanner (strings, brackets and lines tracked across chunks). */
  private scan(text: string): void {
    this.scanned += text.length;
    let start = this.inElem ? 0 : -1;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      // Lines: LF, CRLF or a lone CR, wherever they are.
      const eol = code === 13 || code === 10;
      if (code === 13 || (code === 10 && !this.afterCR)) this.line++;
      this.afterCR = code === 13;
      if (this.inElem) {
        if (this.inString) {
          // JSON strings hold no raw line breaks: one here means the string was cut off.
          if (eol) this.inString = this.escape = false;
          else {
            if (this.escape) this.escape = false;
            else if (code === 92) this.escape = true;
            else if (code === 34) this.inString = false;
            continue;
          }
        }
        if (code === 34) {
          this.inString = true;
          this.prevCode = 34;
          continue;
        }
        if (this.elemStructured) {
          if (code === 123 && this.depth === this.elemBase + 1 && this.elemObject && this.prevCode !== 58) {
            // Directly inside an object JSON has `{` only after a `:`: this one starts the next
            // record, the one being read was cut off (a crashed writer, then more appended).
            this.cutOff(text, i);
            start = i;
            continue;
          }
          if (code !== 32 && code !== 9 && !eol) this.prevCode = code;
          if (code === 123 || code === 91) this.depth++;
          else if (code === 125 || code === 93) {
            this.depth--;
            if (this.depth === this.elemBase) {
              this.addPart(text.slice(start, i + 1));
              this.emit();
              // A cut-off record's text may have been re-read, leaving a record open at its end.
              start = this.inElem ? i + 1 : -1;
            }
          }
          continue;
        }
        // A bare value (number, literal, NaN, stray text) ends at a separator.
        const endsHere = this.arrayOpen
          ? code === 44 || code === 93 || eol
          : eol || code === 32 || code === 9;
        if (!endsHere) continue;
        this.addPart(text.slice(start, i));
        this.emit();
        start = -1;
        // fall through: the separator itself is handled below
      }
      if (isWs(code)) continue;
      if (this.arrayOpen) {
        if (code === 44) continue;
        if (code === 93) {
          this.arrayOpen = false;
          this.depth = 0;
          continue;
        }
      } else if (code === 91) {
        // An array at the top level (the first, or one appended after another): its elements are
        // the records.
        this.arrayOpen = true;
        this.depth = 1;
        this.trailingReported = false;
        continue;
      } else if (this.mode === 'array' && code !== 123) {
        if (!this.trailingReported) {
          this.out.issue({ line: this.line, message: 'text after the end of the JSON array was ignored' });
          this.trailingReported = true;
        }
        continue;
      }
      this.startElem(text, i, code);
      start = i;
    }
    if (this.inElem && start >= 0) this.addPart(text.slice(start));
    this.carryColumn(text);
  }

  /** A record starts at `text[i]`. */
  private startElem(text: string, i: number, code: number): void {
    this.trailingReported = false;
    this.inElem = true;
    this.elemLine = this.line;
    this.elemCol = this.columnIfLineStart(text, i);
    this.elemBase = this.arrayOpen ? 1 : 0;
    this.elemStructured = code === 123 || code === 91;
    this.elemObject = code === 123;
    this.prevCode = code;
    if (this.elemStructured) this.depth = this.elemBase + 1;
    else if (code === 34) this.inString = true;
  }

  /** The record being read was cut off where the next one starts, at `text[i]`. */
  private cutOff(text: string, i: number): void {
    this.records++;
    this.out.issue({
      line: this.elemLine,
      message: `record cut off: the next record starts inside it; skipped, reading on at line ${this.line}`,
    });
    this.dropElem();
    this.startElem(text, i, 123);
  }

  /** The column of `text[i]` when only blanks come before it on its line, else null. */
  private columnIfLineStart(text: string, i: number): number | null {
    // Back over the indentation only (bounded by it, however long the line).
    let j = i - 1;
    while (j >= 0 && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j--;
    if (j < 0) return this.lineBlank ? this.col + i : null;
    const c = text.charCodeAt(j);
    return c === 10 || c === 13 ? i - j - 1 : null;
  }

  /** The column and line-start state at the end of `text`, for the next chunk. */
  private carryColumn(text: string): void {
    const nl = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
    const tail = nl < 0 ? text : text.slice(nl + 1);
    this.lineBlank = (nl >= 0 || this.lineBlank) && /^[ \t]*$/.test(tail);
    this.col = nl < 0 ? this.col + text.length : tail.length;
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
    const structured = this.elemStructured;
    const s = overflow ? '' : this.pieces.join('').trim();
    const line = this.elemLine;
    if (overflow) {
      this.dropElem();
      this.tooLong(line);
      return;
    }
    if (!s) {
      this.dropElem();
      return;
    }
    let v: unknown;
    try {
      v = JSON.parse(s);
    } catch (e) {
      v = this.withNonFinite(s, line);
      if (v === undefined) {
        if (
          structured &&
          this.resync(s, errorPosition(e), shortError(e).replace(/ in JSON at position \d+/, ''))
        )
          return;
        this.dropElem();
        this.records++;
        this.out.issue({ line: line + linesBefore(s, e), message: `invalid JSON: ${shortError(e)}` });
        return;
      }
    }
    this.dropElem();
    this.records++;
    this.out.record(this.finite(this.decoded(v, line), s, line), line);
  }

  /**
   * A record that failed to parse at `from` (or that the file ends inside) may hold the records
   * after it: when one starts there, the cut record is reported and the rest of its text is read
   * again as records. False (nothing done) when none does or re-reading is over its bounds.
   */
  private resync(s: string, from: number | undefined, why: string): boolean {
    if (this.resyncDepth >= MAX_RESYNC_DEPTH) return false;
    if (this.rescanned + s.length > 2 * this.scanned + (1 << 20)) return false;
    const at = resyncPoint(s, from ?? 0, this.elemCol);
    if (at < 0) return false;
    const cutLine = this.elemLine;
    const errAt = from === undefined ? null : lineAndColumn(s, Math.min(from, s.length)).lines;
    const pos = lineAndColumn(s, at);
    this.dropElem();
    this.records++;
    const where = errAt === null ? '' : ` at line ${cutLine + errAt}`;
    this.out.issue({
      line: cutLine,
      message: `record cut off or malformed${where} (${why}); skipped, reading on at line ${cutLine + pos.lines}`,
    });
    const saved = { line: this.line, afterCR: this.afterCR, col: this.col, blank: this.lineBlank };
    this.line = cutLine + pos.lines;
    this.afterCR = false;
    // The column is only known where the cut record began a line (elemCol); else none matches.
    this.col = pos.lines > 0 || this.elemCol === null ? pos.col : this.elemCol + pos.col;
    this.lineBlank = pos.lines > 0 && pos.blank;
    this.rescanned += s.length - at;
    this.resyncDepth++;
    try {
      this.scan(s.slice(at));
    } finally {
      this.resyncDepth--;
    }
    this.scanned -= s.length - at;
    this.line = saved.line;
    this.afterCR = saved.afterCR;
    this.col = saved.col;
    this.lineBlank = saved.blank;
    return true;
  }
}

/** The offset JSON.parse's error names, if it names one. */
function errorPosition(e: unknown): number | undefined {
  const m = /position (\d+)/.exec(String((e as Error)?.message));
  return m ? Number(m[1]) : undefined;
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
