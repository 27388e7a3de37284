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
