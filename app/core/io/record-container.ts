// How a record file is laid out (JSONL, a JSON array, concatenated JSON values or a plain-text
// transcript), judged from the evidence of every line in the file's first part, not its first
// byte: a few broken lines at the start must not turn a JSONL file into one unclosed record. A
// wrong 'values' choice costs the whole file, a wrong 'lines' choice one line per broken line, so
// 'values' needs pretty-printing evidence.

export type ScanMode = 'array' | 'lines' | 'values' | 'text';

/** Whether a character is junk around a record: whitespace as `trim` reads it (BOM included), NUL or RS. */
const junk = (c: string) => c === '\0' || c === '\x1e' || c.trim() === '';

/**
 * BOM, NUL, RS (RFC 7464 JSON text sequences) and whitespace around a line. A scan from each end:
 * the regular expression it replaces tried its end-anchored branch at every whitespace in the
 * line (3 % of a large import's worker time); a record line starting with `{` and ending with
 * `}` now costs two character reads.
 */
export function strip(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && junk(s.charAt(a))) a++;
  while (b > a && junk(s.charAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

export function parsesAsJson(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

/**
 * The record a double-encoded line holds (a JSON string whose content is an object's JSON, as a
 * second `json.dumps` writes it), or undefined when `v` is not one.
 */
export function doubleEncoded(v: unknown): object | undefined {
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  if (s[0] !== '{' || s[s.length - 1] !== '}') return undefined;
  try {
    const inner: unknown = JSON.parse(s);
    return typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? inner : undefined;
  } catch {
    return undefined;
  }
}

interface Evidence {
  /** Lines that are a JSON object or array, or a double-encoded object. */
  records: number;
  /** Lines shaped like an object but malformed (`{…}`). */
  objectish: number;
  /** Lines that are a bare JSON string, number, boolean or null. */
  scalars: number;
  /** Lines only pretty-printed JSON has: `"key": …`, a closing bracket (`}`, `},`, `]`). */
  pretty: number;
  other: number;
}

function evidence(lines: readonly string[]): Evidence {
  const e: Evidence = { records: 0, objectish: 0, scalars: 0, pretty: 0, other: 0 };
  for (const raw of lines) {
    const s = strip(raw);
    if (!s) continue;
    let v: unknown;
    let parses = true;
    try {
      v = JSON.parse(s);
    } catch {
      parses = false;
    }
    if (parses) {
      if (typeof v === 'object' && v !== null) e.records++;
      else if (doubleEncoded(v)) e.records++;
      else e.scalars++;
    } else if (s[0] === '{' && s.endsWith('}') && s.length > 1) e.objectish++;
    // Not a lone `{`: a broken JSONL line may be that too.
    else if (s[0] === '"' || /^[}\]],?$/.test(s)) e.pretty++;
    else e.other++;
  }
  return e;
}

/**
 * The container of a file from its first lines (`lines` complete; the first possibly cut when
 * `firstDone` is false). `allowText` lets a file with no JSON lines be one transcript.
 */
export function chooseMode(lines: readonly string[], firstDone: boolean, allowText: boolean): ScanMode {
  const firstLine = strip(lines[0] ?? '');
  const first = firstLine[0];
  const parses = firstDone && parsesAsJson(firstLine);
  const rest = lines.slice(1);
  if (first === '[') {
    // `[INFO] …` is prose; a one-line array followed by more JSON lines is JSONL.
    const opensArray = /^\[\s*([[{"\]\-0-9tfnN]|$)/.test(firstLine);
    const moreJson = rest.some((l) => /^[[{]/.test(strip(l)) && parsesAsJson(strip(l)));
    if (parses && moreJson) return 'lines';
    if (opensArray) return 'array';
    return textOrLines(lines, allowText);
  }
  if (first === '{') {
    const objectLine = firstLine.endsWith('}') && firstLine.length > 1;
    if (parses || objectLine || !firstDone) return 'lines';
    // A malformed first line: concatenated pretty-printed objects only where lines show it.
    const e = evidence(rest);
    return e.pretty > e.records + e.objectish ? 'values' : 'lines';
  }
  return textOrLines(lines, allowText);
}

/**
 * Prose or a bare value first: JSONL when records and other JSON lines are at least as common as
 * the rest, or when every line is JSON (bare values, each reported); else a transcript.
 */
function textOrLines(lines: readonly string[], allowText: boolean): ScanMode {
  if (!allowText) return 'lines';
  const e = evidence(lines);
  const json = e.records + e.objectish + e.scalars;
  if (e.records > 0 && json >= e.pretty + e.other) return 'lines';
  if (json > 0 && e.pretty + e.other === 0) return 'lines';
  return 'text';
}
