import { describe, expect, it } from 'vitest';
import { stringChunks } from './pipeline';
import { type Container, readRecords, type RecordOrIssue } from './records';

async function split(text: string, chunkSize = 1 << 16) {
  const items: RecordOrIssue[] = [];
  let container: Container | null = null;
  for await (const item of readRecords(stringChunks(text, chunkSize), (c) => {
    container = c;
  }))
    items.push(item);
  return { container, items };
}

/** Compact view: `[line, value]` for records, `[line, 'ISSUE']` for issues. */
function summary(items: RecordOrIssue[]): Array<[number, unknown]> {
  return items.map((i) => ('record' in i ? [i.record.line, i.record.value] : [i.issue.line, 'ISSUE']));
}

describe('readRecords: JSONL', () => {
  it('yields one record per line with its 1-based line number, skipping blank lines', async () => {
    const r = await split('{"a":1}\n\n{"a":2}\n   \n{"a":3}\n');
    expect(r.container).toBe('jsonl');
    expect(summary(r.items)).toEqual([
      [1, { a: 1 }],
      [3, { a: 2 }],
      [5, { a: 3 }],
    ]);
  });

  it('reads the last line when the file has no trailing newline', async () => {
    const r = await split('{"a":1}\n{"a":2}');
    expect(summary(r.items)).toEqual([
      [1, { a: 1 }],
      [2, { a: 2 }],
    ]);
  });

  it('handles CRLF line endings', async () => {
    const r = await split('{"a":"x"}\r\n\r\n{"a":"y"}\r\n');
    expect(r.container).toBe('jsonl');
    expect(summary(r.items)).toEqual([
      [1, { a: 'x' }],
      [3, { a: 'y' }],
    ]);
  });

  it('reports a malformed line with its line number and keeps the lines around it', async () => {
    const r = await split('{"a":1}\n{"a": oops}\n{"a":3}\n');
    expect(summary(r.items)).toEqual([
      [1, { a: 1 }],
      [2, 'ISSUE'],
      [3, { a: 3 }],
    ]);
    const issue = r.items[1];
    expect(issue && 'issue' in issue && issue.issue.message.startsWith('invalid JSON: ')).toBe(true);
  });

  it('gives the same records whatever the chunk boundaries', async () => {
    const text = '{"q":"first, with \\"quotes\\""}\n{"q":"second"}\r\n\n{"q":"third"}';
    const whole = summary((await split(text)).items);
    expect(whole).toEqual([
      [1, { q: 'first, with "quotes"' }],
      [2, { q: 'second' }],
      [4, { q: 'third' }],
    ]);
    for (const size of [1, 2, 7, 16]) expect(summary((await split(text, size)).items)).toEqual(whole);
  });

  it('strips a byte-order mark', async () => {
    const r = await split('\uFEFF{"a":1}\n{"a":2}\n');
    expect(r.container).toBe('jsonl');
    expect(summary(r.items)).toEqual([
      [1, { a: 1 }],
      [2, { a: 2 }],
    ]);
  });

  it('sniffs JSONL past leading blank lines (line numbers still count them)', async () => {
    const r = await split('\n\n{"a":1}\n{"a":2}\n', 3);
    expect(r.container).toBe('jsonl');
    expect(summary(r.items)).toEqual([
      [3, { a: 1 }],
      [4, { a: 2 }],
    ]);
  });

  it('keeps the good lines when the first line is the malformed one', async () => {
    const r = await split('{"a": 1,\n{"a":2}\n{"a":3}\n');
    expect(r.container).toBe('jsonl');
    expect(summary(r.items)).toEqual([
      [1, 'ISSUE'],
      [2, { a: 2 }],
      [3, { a: 3 }],
    ]);
  });
});

describe('readRecords: JSON array', () => {
  const text = [
    '[',
    '  {"a": 1},',
    '  {"a": 2,',
    '   "s": "has ] and , and \\" inside", "n": {"x": [1, 2]}},',
    '',
    '  {"a": 3}',
    ']',
  ].join('\n');

  it('yields each element with the line it starts on', async () => {
    const r = await split(text);
    expect(r.container).toBe('json-array');
    expect(summary(r.items)).toEqual([
      [2, { a: 1 }],
      [3, { a: 2, s: 'has ] and , and " inside', n: { x: [1, 2] } }],
      [6, { a: 3 }],
    ]);
  });

  it('reassembles an array split across many small chunks', async () => {
    const expected = summary((await split(text)).items);
    for (const size of [1, 5, 13]) {
      const r = await split(text, size);
      expect(r.container).toBe('json-array');
      expect(summary(r.items)).toEqual(expected);
    }
  });

  it('reports invalid JSON once, on the line of the error', async () => {
    const r = await split('[\n  {"a": 1},\n  {"a": 2\n]');
    expect(r.container).toBe('json-array');
    // The complete element is kept; the broken one is reported on the line of the error.
    expect(summary(r.items).slice(0, 2)).toEqual([
      [2, { a: 1 }],
      [4, 'ISSUE'],
    ]);
  });

  it('yields nothing for an empty array', async () => {
    const r = await split('[]\n');
    expect(r.container).toBe('json-array');
    expect(r.items).toEqual([]);
  });
});

describe('readRecords: single JSON document and text', () => {
  it('reads a pretty-printed object as one record on line 1', async () => {
    const r = await split('{\n  "question": "q",\n  "x": [1, 2]\n}\n', 4);
    expect(r.container).toBe('json');
    expect(summary(r.items)).toEqual([[1, { question: 'q', x: [1, 2] }]]);
  });

  it('reports a syntax error in a single document on its line', async () => {
    const r = await split('{\n  "a": 1,\n  "b" 2\n}\n');
    expect(r.container).toBe('json');
    expect(summary(r.items)).toEqual([[3, 'ISSUE']]);
  });

  it('reads a plain-text transcript as one record holding the whole text', async () => {
    const text = 'Question: who?\n<search> x </search>\n<answer> y </answer>\n';
    const r = await split(text, 5);
    expect(r.container).toBe('text');
    expect(summary(r.items)).toEqual([[1, text]]);
  });

  it('yields nothing for a blank file', async () => {
    const r = await split('  \n\n');
    expect(r.container).toBeNull();
    expect(r.items).toEqual([]);
  });
});

describe('readRecords: shapes that are not transcripts', () => {
  it('double-encoded lines are records (one warning), not one transcript', async () => {
    const twice = (v: object) => JSON.stringify(JSON.stringify(v));
    const r = await split(`${twice({ a: 1 })}\n${twice({ a: 2 })}\n`);
    expect(r.container).toBe('jsonl');
    expect(summary(r.items)).toEqual([
      [1, 'ISSUE'],
      [1, { a: 1 }],
      [2, { a: 2 }],
    ]);
  });

  it('a file that is one JSON string is a reported bad record, not a transcript', async () => {
    const r = await split('"<search>x</search>"');
    expect(r.container).toBe('jsonl');
    expect(r.items).toEqual([
      { issue: { line: 1, message: 'expected a JSON object, got a string ("<search>x</search>")' } },
    ]);
  });
});
