// Splits a file's text stream into records without holding more than needed: JSONL line by
// line (streaming), a JSON array element by element (with the line each element starts on),
// a single JSON document, or a plain-text transcript as one record.
import type { ImportIssue } from './types';

export type RawRecord = { line: number; value: unknown };
export type RecordOrIssue = { record: RawRecord } | { issue: Omit<ImportIssue, 'file'> };

export type Container = 'jsonl' | 'json-array' | 'json' | 'text';

export async function* readRecords(
  chunks: AsyncIterable<string>,
  onContainer?: (c: Container) => void,
): AsyncGenerator<RecordOrIssue> {
  const it = chunks[Symbol.asyncIterator]();
  let head = '';
  let done = false;
  // Read enough to see the first non-blank line, so the container can be sniffed.
  const lead = () => head.replace(/^\uFEFF/, '').trimStart();
  while (!done && !lead().includes('\n') && head.length < 1 << 20) {
    const r = await it.next();
    if (r.done) done = true;
    else head += r.value;
  }
  const first = lead()[0];
  const firstLine = (lead().split('\n', 1)[0] ?? '').trim();
  let container: Container;
  if (first === '[') container = 'json-array';
  else if (first === '{' && isJson(firstLine)) container = 'jsonl';
  else if (first === '{') container = 'json';
  else container = 'text';
  onContainer?.(container);

  if (container === 'jsonl') {
    yield* jsonLines(head, it, done);
    return;
  }
  let text = head;
  while (!done) {
    const r = await it.next();
    if (r.done) done = true;
    else text += r.value;
  }
  text = text.replace(/^\uFEFF/, '');
  if (container === 'text') {
    if (text.trim()) yield { record: { line: 1, value: text } };
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    if (container === 'json' && looksLikeJsonLines(text)) {
      // JSONL whose first line is malformed: report that line, keep the good ones.
      onContainer?.('jsonl');
      yield* jsonLines(text, it, true);
      return;
    }
    yield { issue: { line: lineOfJsonError(text, e), message: `invalid JSON: ${(e as Error).message}` } };
    return;
  }
  if (container === 'json') {
    yield { record: { line: 1, value: parsed } };
    return;
  }
  const lines = arrayElementLines(text);
  const arr = parsed as unknown[];
  for (let i = 0; i < arr.length; i++) yield { record: { line: lines[i] ?? 1, value: arr[i] } };
}

function isJson(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

/** Whether most non-blank lines are JSON objects on their own (a JSONL file, not one document). */
function looksLikeJsonLines(text: string): boolean {
  const lines = text.split('\n').filter((l) => l.trim());
  if (lines.length < 2) return false;
  let objects = 0;
  for (const l of lines) {
    const s = l.trim();
    if (s.startsWith('{') && s.endsWith('}') && isJson(s)) objects++;
  }
  return objects * 2 >= lines.length;
}

async function* jsonLines(
  head: string,
  it: AsyncIterator<string>,
  doneAlready: boolean,
): AsyncGenerator<RecordOrIssue> {
  let buf = head;
  let lineNo = 0;
  let done = doneAlready;
  for (;;) {
    let nl = buf.indexOf('\n');
    while (nl >= 0) {
      lineNo++;
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      const r = parseLine(line, lineNo);
      if (r) yield r;
      nl = buf.indexOf('\n');
    }
    if (done) break;
    const r = await it.next();
    if (r.done) done = true;
    else buf += r.value;
  }
  if (buf.length > 0) {
    const r = parseLine(buf, lineNo + 1);
    if (r) yield r;
  }
}

function parseLine(line: string, lineNo: number): RecordOrIssue | null {
  const s = line.trim();
  if (!s) return null;
  try {
    return { record: { line: lineNo, value: JSON.parse(s) } };
  } catch (e) {
    return { issue: { line: lineNo, message: `invalid JSON: ${(e as Error).message}` } };
  }
}

/** Line (1-based) on which each top-level element of a JSON array starts. */
export function arrayElementLines(text: string): number[] {
  const out: number[] = [];
  let line = 1;
  let depth = 0;
  let inStr = false;
  let esc = false;
  let expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    if (inStr) {
      if (esc) esc = false;
      else if (c === 92) esc = true;
      else if (c === 34) inStr = false;
      continue;
    }
    if (c === 32 || c === 10 || c === 13 || c === 9) continue;
    if (depth === 1 && expectValue && c !== 93) {
      out.push(line);
      expectValue = false;
    }
    if (c === 34) inStr = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth === 1) expectValue = true;
    } else if (c === 93 || c === 125) depth--;
    else if (c === 44 && depth === 1) expectValue = true;
  }
  return out;
}

function lineOfJsonError(text: string, e: unknown): number {
  const m = /position (\d+)/.exec(String((e as Error)?.message));
  if (!m) return 1;
  const pos = Number(m[1]);
  let line = 1;
  for (let i = 0; i < pos && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
