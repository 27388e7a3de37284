import { describe, expect, it } from 'vitest';
import { JsonRecordStream, readJsonRecords } from './json-records';
import type { LoadIssue } from '../corpus/types';

function streamed(chunks: string[]) {
  const records: Array<{ value: unknown; line: number }> = [];
  const issues: LoadIssue[] = [];
  const s = new JsonRecordStream({
    record: (value, line) => records.push({ value, line }),
    issue: (i) => issues.push(i),
  });
  for (const c of chunks) s.write(c);
  s.end();
  return { records, issues };
}

function expectChunkInvariant(text: string) {
  const whole = readJsonRecords(text);
  for (let cut = 0; cut <= text.length; cut++)
    expect(streamed([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual(whole);
  expect(streamed([...text])).toEqual(whole);
  return whole;
}

describe('JSON records with their lines', () => {
  it('reads a pretty-printed JSON array element by element', () => {
    const text = '[\n  {\n    "a": 1\n  },\n  {"a": 2},\n\n  {"a": "x]}\\"{"}\n]\n';
    const { records, issues } = expectChunkInvariant(text);
    expect(issues).toEqual([]);
    expect(records).toEqual([
      { value: { a: 1 }, line: 2 },
      { value: { a: 2 }, line: 5 },
      { value: { a: 'x]}"{' }, line: 7 },
    ]);
  });

  it('reports a malformed array element with its line and keeps the others', () => {
    const text = '[{"a": 1},\n{"a": 2,},\n{"a": 3}, 7, "s"]';
    const { records, issues } = expectChunkInvariant(text);
    expect(records.map((r) => r.value)).toEqual([{ a: 1 }, { a: 3 }, 7, 's']);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.line).toBe(2);
    expect(issues[0]?.message).toMatch(/invalid JSON/);
  });

  it('recovers after a stray closing brace inside an array', () => {
    const { records, issues } = readJsonRecords('[{"a": 1}},\n{"a": 2}]');
    expect(records.map((r) => r.value)).toEqual([{ a: 1 }, { a: 2 }]);
    expect(issues.map((i) => i.line)).toEqual([1]);
  });

  it('reports a record the file ends inside, and text after the array', () => {
    expect(readJsonRecords('[{"a": 1},\n{"a": [2').issues).toEqual([
      { line: 2, message: expect.stringMatching(/ends inside this record/) },
      { line: 2, message: 'the JSON array is not closed', severity: 'warning' },
    ]);
    const after = readJsonRecords('[{"a": 1}]\nextra');
    expect(after.records).toHaveLength(1);
    expect(after.issues).toEqual([{ line: 2, message: expect.stringMatching(/after the end/) }]);
  });

  it('reads JSONL line by line, skipping blank lines and reporting bad ones', () => {
    const text = '{"a": 1}\r\n\n{"a": 2,}\nnot json\n{"a": 3}';
    const { records, issues } = expectChunkInvariant(text);
    expect(records).toEqual([
      { value: { a: 1 }, line: 1 },
      { value: { a: 3 }, line: 5 },
    ]);
    expect(issues.map((i) => i.line)).toEqual([3, 4]);
  });

  it('reads JSONL whose first line is malformed as JSONL', () => {
    const { records, issues } = readJsonRecords('{"a": 1,}\n{"a": 2}\n');
    expect(records).toEqual([{ value: { a: 2 }, line: 2 }]);
    expect(issues.map((i) => i.line)).toEqual([1]);
  });

  it('reads concatenated pretty-printed objects with their start lines', () => {
    const text = '{\n  "a": 1\n}\n{\n  "a": "{"\n}\n';
    const { records, issues } = expectChunkInvariant(text);
    expect(issues).toEqual([]);
    expect(records).toEqual([
      { value: { a: 1 }, line: 1 },
      { value: { a: '{' }, line: 4 },
    ]);
  });

  it('drops a byte-order mark and returns nothing for a blank file', () => {
    expect(readJsonRecords('\uFEFF[{"a": 1}]').records).toEqual([{ value: { a: 1 }, line: 1 }]);
    expect(readJsonRecords('\uFEFF{"a": 1}\n').records).toEqual([{ value: { a: 1 }, line: 1 }]);
    expect(readJsonRecords(' \n\n ')).toEqual({ records: [], issues: [] });
  });
});

describe('what one bad part of a file costs', () => {
  const rec = (i: number) => `{"id": ${i}, "q": "q${i}"}`;

  it('a trailing comma, a bad element and trailing garbage cost only what they break', () => {
    const text = `[\n${rec(1)},\n  nan,\n${rec(2)},\n${rec(3)},\n]\ngarbage`;
    const { records, issues } = expectChunkInvariant(text);
    expect(records.map((r) => [r.line, (r.value as { id: number }).id])).toEqual([
      [2, 1],
      [4, 2],
      [5, 3],
    ]);
    expect(issues.map((i) => i.line)).toEqual([3, 7]);
  });

  it('a truncated array keeps every complete element and reports the cut one at its line', () => {
    const text = `[\n${rec(1)},\n${rec(2)},\n{"id": 3, "q": "cut`;
    const { records, issues } = expectChunkInvariant(text);
    expect(records).toHaveLength(2);
    expect(issues[0]).toEqual({ line: 4, message: expect.stringMatching(/ends inside this record/) });
  });

  it('reads CR-only, CRLF and LF line endings (also a CRLF cut between chunks)', () => {
    for (const eol of ['\r', '\r\n', '\n']) {
      const text = [rec(1), rec(2), '', rec(3)].join(eol) + eol;
      const { records, issues } = expectChunkInvariant(text);
      expect(issues).toEqual([]);
      expect(records.map((r) => r.line)).toEqual([1, 2, 4]);
    }
    const pretty = '[\r  {"a": 1},\r  {"a": 2}\r]';
    expect(expectChunkInvariant(pretty).records.map((r) => r.line)).toEqual([2, 3]);
  });

  it('a prose first line or a leading NUL does not hide the JSONL records after it', () => {
    const prose = `# exported by run.py\n${rec(1)}\n${rec(2)}\n`;
    const p = readJsonRecords(prose, { allowText: true });
    expect(p.records.map((r) => r.line)).toEqual([2, 3]);
    expect(p.issues.map((i) => i.line)).toEqual([1]);
    const nul = readJsonRecords(`\0${rec(1)}\n${rec(2)}\n`, { allowText: true });
    expect(nul.records.map((r) => r.line)).toEqual([1, 2]);
    expect(nul.issues).toEqual([{ line: 1, message: expect.stringMatching(/NUL/), severity: 'warning' }]);
    const bracket = readJsonRecords(`[INFO] run 3\n${rec(1)}\n`, { allowText: true });
    expect(bracket.records.map((r) => r.line)).toEqual([2]);
  });

  it('a plain-text transcript (no JSON lines) is one text record when text is allowed', () => {
    const text = 'Question: who?\n<search> x </search>\n{ not json }\n<answer> y </answer>\n';
    const r = readJsonRecords(text, { allowText: true });
    expect(r).toEqual({ records: [{ value: text, line: 1 }], issues: [] });
  });

  it('a line over the cap is reported as that line; the others are read', () => {
    const long = `{"q": "${'x'.repeat(500)}"}`;
    const text = `${rec(1)}\n${long}\n${rec(2)}\n`;
    const s = new JsonRecordStream(
      { record: (v, line) => got.push([line, v]), issue: (i) => issues.push(i) },
      { maxRecordChars: 100 },
    );
    const got: Array<[number, unknown]> = [];
    const issues: Array<{ line?: number; message: string }> = [];
    for (let i = 0; i < text.length; i += 7) s.write(text.slice(i, i + 7));
    s.end();
    expect(got.map(([l]) => l)).toEqual([1, 3]);
    expect(issues).toEqual([
      { line: 2, message: expect.stringMatching(/longer than the limit of 100 characters/) },
    ]);
  });

  it('reads a 40 MB line fed in 64 KiB chunks', () => {
    const big = `{"q": "${'y'.repeat(40 * 1024 * 1024)}"}`;
    const text = `${rec(1)}\n${big}\n${rec(2)}`;
    const got: number[] = [];
    const s = new JsonRecordStream({ record: (_v, line) => got.push(line), issue: () => {} });
    for (let i = 0; i < text.length; i += 1 << 16) s.write(text.slice(i, i + (1 << 16)));
    s.end();
    expect(got).toEqual([1, 2, 3]);
  });
});

describe("Python's NaN and Infinity (json.dumps' default) in every layout", () => {
  const warning = {
    line: expect.any(Number),
    message: expect.stringMatching(/^NaN, Infinity .* read as null; said once for the file$/),
    severity: 'warning',
  };

  it('reads them as null in a JSON array, with one warning for the file', () => {
    const text =
      '[\n  {"id": 1, "f1": NaN},\n  {"id": 2, "f1": 0.5},\n  {"id": 3, "b": [Infinity, -Infinity]}\n]\n';
    const { records, issues } = expectChunkInvariant(text);
    expect(records).toEqual([
      { line: 2, value: { id: 1, f1: null } },
      { line: 3, value: { id: 2, f1: 0.5 } },
      { line: 4, value: { id: 3, b: [null, null] } },
    ]);
    expect(issues).toEqual([{ ...warning, line: 2 }]);
  });

  it('reads them as null in concatenated pretty-printed objects, with one warning for the file', () => {
    const text = '{\n  "id": 1,\n  "f1": NaN\n}\n{\n  "id": 2,\n  "f1": -Infinity\n}\n';
    const { records, issues } = expectChunkInvariant(text);
    expect(records).toEqual([
      { line: 1, value: { id: 1, f1: null } },
      { line: 5, value: { id: 2, f1: null } },
    ]);
    expect(issues).toEqual([{ ...warning, line: 1 }]);
  });

  it('says it once for a JSONL file too, and still reports a line that stays broken', () => {
    const text = '{"id": 1, "f1": NaN}\n{"id": 2, "f1": Infinity}\n{"id": 3, "f1": NaN\n';
    const { records, issues } = expectChunkInvariant(text);
    expect(records.map((r) => r.value)).toEqual([
      { id: 1, f1: null },
      { id: 2, f1: null },
    ]);
    expect(issues.map((i) => [i.line, i.severity ?? 'error'])).toEqual([
      [1, 'warning'],
      [3, 'error'],
    ]);
  });
});

describe('numerals too large for a double (1e999): the rule for Infinity (issue 41)', () => {
  it('reads 1e999 and -1e999 as null like Infinity, in JSONL, with the one warning for the file', () => {
    const text = '{"id": 1, "score": 1e999}\n{"id": 2, "score": -1e999}\n{"id": 3, "score": Infinity}\n';
    const { records, issues } = expectChunkInvariant(text);
    expect(records.map((r) => r.value)).toEqual([
      { id: 1, score: null },
      { id: 2, score: null },
      { id: 3, score: null },
    ]);
    expect(issues).toEqual([
      {
        line: 1,
        message: expect.stringMatching(/^NaN, Infinity .*1e999.* read as null; said once/),
        severity: 'warning',
      },
    ]);
  });

  it('every overflowing spelling, nested anywhere, in an array and in concatenated objects', () => {
    const big = '9'.repeat(400);
    const values = ['1E400', '1e+999', '-2.5e308', '1.8e308', big, `-${big}.5`, '1e0309'];
    for (const layout of ['array', 'values'] as const) {
      const recs = values.map((n, i) => `{"id": ${i}, "r": {"terms": [0.5, ${n}]}}`);
      const text =
        layout === 'array'
          ? `[\n${recs.join(',\n')}\n]\n`
          : `${recs.map((r) => r.replace('{"id"', '{\n"id"')).join('\n')}\n`;
      const { records, issues } = readJsonRecords(text);
      expect(
        records.map((r) => r.value),
        layout,
      ).toEqual(values.map((_, i) => ({ id: i, r: { terms: [0.5, null] } })));
      expect(
        issues.map((i) => i.severity),
        layout,
      ).toEqual(['warning']);
    }
  });

  it('leaves finite numbers alone, big or small, and text that looks like a numeral', () => {
    const text = '{"a": 1e308, "b": 1e-999, "c": "1e999", "d": 123e100, "e": -0}\n';
    const { records, issues } = readJsonRecords(text);
    expect(records[0]?.value).toEqual({ a: 1e308, b: 0, c: '1e999', d: 123e100, e: -0 });
    expect(issues).toEqual([]);
  });

  it('a double-encoded line and a line with NaN as well: one warning, every non-finite value null', () => {
    const text = `${JSON.stringify(JSON.stringify({ id: 1 }).replace('}', ', "s": 1e999}'))}\n{"id": 2, "s": NaN, "t": 1e999}\n`;
    const { records, issues } = readJsonRecords(text);
    expect(records.map((r) => r.value)).toEqual([
      { id: 1, s: null },
      { id: 2, s: null, t: null },
    ]);
    expect(issues.filter((i) => /read as null/.test(i.message))).toHaveLength(1);
  });
});

describe('JSON lines behind a long prose preamble (issue 41, noise of another kind)', () => {
  it('a transcript whose later lines are JSON objects is read as one, and says where they start', () => {
    const prose = Array.from({ length: 60 }, (_, i) => `INFO step ${i}: training started`).join('\n');
    const text = `${prose}\n{"question": "q1"}\n{"question": "q2"}\n`;
    const issues: LoadIssue[] = [];
    const records: unknown[] = [];
    const s = new JsonRecordStream(
      { record: (v) => records.push(v), issue: (i) => issues.push(i) },
      { allowText: true },
    );
    s.write(text);
    s.end();
    expect(records).toHaveLength(1);
    expect(issues).toEqual([
      {
        line: 61,
        message: expect.stringMatching(
          /^2 lines are JSON objects \(the first at line 61\).*remove the lines before line 61/,
        ),
        severity: 'warning',
      },
    ]);
  });

  it('a transcript with no JSON line says nothing', () => {
    const issues: LoadIssue[] = [];
    const s = new JsonRecordStream({ record: () => {}, issue: (i) => issues.push(i) }, { allowText: true });
    s.write('<think>plan</think>\n<search>x</search>\n<answer>y</answer>\n{not json}\n');
    s.end();
    expect(issues).toEqual([]);
  });
});

describe('shapes that used to lose or invent records (hardening 2)', () => {
  const rec = (i: number) => `{"id": ${i}, "q": "q${i}"}`;
  const ids = (records: Array<{ value: unknown }>) => records.map((r) => (r.value as { id: number }).id);

  it('broken lines before JSONL records are reported each on its line; the records are read', () => {
    const text = ['{"q": "cut', '{x', '{y', rec(1), '{z', rec(2), ''].join('\n');
    const { records, issues } = expectChunkInvariant(text);
    expect(records.map((r) => [r.line, (r.value as { id: number }).id])).toEqual([
      [4, 1],
      [6, 2],
    ]);
    expect(issues.map((i) => i.line)).toEqual([1, 2, 3, 5]);
  });

  it('an element cut off mid-object costs itself; the elements after the cut are read', () => {
    const text = [
      '[',
      '  {',
      '    "id": 1',
      '  },',
      '  {',
      '    "id": 2,',
      '    "gold": [',
      '      "x"',
      '    ],',
      '  ,',
      '  {',
      '    "id": 3,',
      '    "sub": {"a": [{"b": 1}]}',
      '  },',
      '  {"id": 4}',
      ']',
      '',
    ].join('\n');
    const { records, issues } = expectChunkInvariant(text);
    expect(records.map((r) => [r.line, (r.value as { id: number }).id])).toEqual([
      [2, 1],
      [11, 3],
      [15, 4],
    ]);
    expect(issues).toEqual([
      {
        line: 5,
        message: expect.stringMatching(
          /^record cut off: the next record starts inside it; skipped, reading on at line 11$/,
        ),
      },
    ]);
  });

  it('many cut elements each cost only themselves, and the records after a cut stream on', () => {
    const els: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const el = JSON.stringify({ id: i, q: `q${i}`, sub: { a: [1, 2] } }, null, 2).replace(/\n/g, '\n  ');
      els.push(`  ${i % 10 === 3 ? el.slice(0, 25) : el}`);
    }
    const got: number[] = [];
    const issues: LoadIssue[] = [];
    const s = new JsonRecordStream({
      record: (v) => got.push((v as { id: number }).id),
      issue: (i) => issues.push(i),
    });
    const text = `[\n${els.join(',\n')}\n]\n`;
    const half = text.length >> 1;
    s.write(text.slice(0, half));
    expect(got.length, 'records read before the end').toBeGreaterThan(1000);
    s.write(text.slice(half));
    s.end();
    expect(got).toEqual([...Array(3000).keys()].filter((i) => i % 10 !== 3));
    expect(issues).toHaveLength(300);
    expect(issues.every((i) => /^record cut off/.test(i.message))).toBe(true);
  });

  it('a cut object among concatenated pretty-printed objects costs itself only', () => {
    const text = '{\n  "id": 1\n}\n{\n  "id": 2,\n  "q": "cu\n{\n  "id": 3\n}\n';
    const { records, issues } = expectChunkInvariant(text);
    expect(ids(records)).toEqual([1, 3]);
    expect(issues.map((i) => i.line)).toEqual([4]);
  });

  it('an element whose string is cut off (compact or pretty) costs itself only', () => {
    const compact = `[${rec(1)},\n{"id": 2, "q": "cu\n${rec(3)},\n${rec(4)}]`;
    const c = expectChunkInvariant(compact);
    expect(ids(c.records)).toEqual([1, 3, 4]);
    expect(c.issues.map((i) => i.line)).toEqual([2]);
    const pretty = `[\n  {\n    "id": 1,\n    "q": "cut\n  {\n    "id": 2,\n    "q": "{ok}"\n  }\n]\n`;
    const p = expectChunkInvariant(pretty);
    expect(ids(p.records)).toEqual([2]);
    expect(p.issues).toEqual([{ line: 2, message: expect.stringMatching(/cut off.*reading on at line 5/) }]);
  });

  it('a cut element inside a nested array is recovered at the next element with its indentation', () => {
    const text = '[\n  {\n    "id": 1,\n    "docs": [\n      {"t": "a"},\n  {\n    "id": 2\n  }\n]\n';
    const { records, issues } = expectChunkInvariant(text);
    expect(ids(records)).toEqual([2]);
    expect(issues.map((i) => i.line)).toEqual([2]);
  });

  it('a malformed element with nested objects stays one reported element', () => {
    const text = `[\n{"id": 1, "a": nan, "b": {"c": 1}, "d": [\n{"e": 2}]},\n${rec(2)}\n]`;
    const { records, issues } = expectChunkInvariant(text);
    expect(ids(records)).toEqual([2]);
    expect(issues).toEqual([{ line: 2, message: expect.stringMatching(/^invalid JSON/) }]);
  });

  it('arrays one after another, an object after an array, and RS-separated JSON text sequences', () => {
    const arrays = expectChunkInvariant(`[\n${rec(1)},\n${rec(2)}\n]\n[\n${rec(3)}\n]\n${rec(4)}\n`);
    expect(arrays.issues).toEqual([]);
    expect(arrays.records.map((r) => [r.line, (r.value as { id: number }).id])).toEqual([
      [2, 1],
      [3, 2],
      [6, 3],
      [8, 4],
    ]);
    const seq = expectChunkInvariant(`\x1e${rec(1)}\n\x1e${rec(2)}\n`);
    expect([ids(seq.records), seq.issues]).toEqual([[1, 2], []]);
    const prettySeq = readJsonRecords(`\x1e{\n  "id": 1\n}\n\x1e{\n  "id": 2\n}\n`);
    expect([ids(prettySeq.records), prettySeq.issues]).toEqual([[1, 2], []]);
  });

  it('double-encoded lines are the records they hold, said once in a warning', () => {
    const text = [JSON.stringify(rec(1)), JSON.stringify(rec(2)), rec(3), '"just text"'].join('\n');
    const { records, issues } = expectChunkInvariant(text);
    expect(records.map((r) => r.value)).toEqual([
      { id: 1, q: 'q1' },
      { id: 2, q: 'q2' },
      { id: 3, q: 'q3' },
      'just text',
    ]);
    expect(issues).toEqual([
      { line: 1, message: expect.stringMatching(/encoded twice/), severity: 'warning' },
    ]);
    // Read as JSONL even with transcripts allowed: the lines are records, not prose.
    expect(readJsonRecords(JSON.stringify(rec(1)), { allowText: true }).records[0]?.value).toEqual({
      id: 1,
      q: 'q1',
    });
  });

  it('a file that is one JSON string, number or null is that value, never a transcript', () => {
    for (const text of ['"<search>x</search>"', '42\n', 'null'])
      expect(readJsonRecords(text, { allowText: true }).records).toEqual([
        { value: JSON.parse(text), line: 1 },
      ]);
  });

  it('a NUL-only line is a warning on its line', () => {
    const text = `${rec(1)}\n\0\0\0\n${rec(2)}\n`;
    const { records, issues } = expectChunkInvariant(text);
    expect(records.map((r) => r.line)).toEqual([1, 3]);
    expect(issues).toEqual([{ line: 2, message: expect.stringMatching(/only NUL/), severity: 'warning' }]);
  });
});
