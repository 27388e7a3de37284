// Where to read on after a record that failed to parse swallowed the records after it (the
// reader catches a cut at the record's top level as it streams; this finds deeper ones). A record
// cut off mid-object (a crashed writer, then a run appending more) leaves a bracket open, so the
// bracket count runs on through the next records up to the array's `]`. The next record starts
// at a `{` that cannot belong to the cut one: one that JSON puts no object at (directly inside
// the cut object, after a `,` or the cut text rather than a `:`), or, in a pretty-printed file,
// one at the cut record's own indentation that does not open a nested array's first object.
// Linear in the record's length.

/**
 * Offset in `s` (a record's text, `s[0]` its opening `{`) of the next record's `{` from `from`
 * (where parsing failed) on, or -1. `col` is the record's column when its `{` began a line.
 */
export function resyncPoint(s: string, from: number, col: number | null): number {
  let depth = 0;
  let inString = false;
  let escape = false;
  let prev = 0; // last non-blank character, strings' contents included
  let lineBlank = false;
  let column = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 10 || c === 13) {
      // JSON strings hold no raw line breaks: one here means the string was cut.
      inString = false;
      escape = false;
      lineBlank = true;
      column = 0;
      continue;
    }
    const atLineStart = lineBlank;
    column++;
    if (c !== 32 && c !== 9) lineBlank = false;
    if (inString) {
      if (escape) escape = false;
      else if (c === 92) escape = true;
      else if (c === 34) inString = false;
      prev = c;
      continue;
    }
    if (c === 32 || c === 9) continue;
    if (c === 34) inString = true;
    else if (c === 123) {
      if (i >= from && i > 0 && prev !== 58 && prev !== 91) {
        if (depth === 1) return i;
        if (col !== null && atLineStart && column - 1 === col) return i;
      }
      depth++;
    } else if (c === 91) depth++;
    else if (c === 125 || c === 93) depth--;
    prev = c;
  }
  return -1;
}

/**
 * Line breaks (LF, CRLF or a lone CR) in `s` before `end`, the column `end` is at, and whether
 * only spaces and tabs come before it on its line.
 */
export function lineAndColumn(s: string, end: number): { lines: number; col: number; blank: boolean } {
  let lines = 0;
  let col = 0;
  let blank = true;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === 10 || (c === 13 && s.charCodeAt(i + 1) !== 10)) {
      lines++;
      col = 0;
      blank = true;
    } else if (c !== 13) {
      col++;
      if (c !== 32 && c !== 9) blank = false;
    }
  }
  return { lines, col, blank };
}
