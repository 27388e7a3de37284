import { describe, expect, it } from 'vitest';
import { chooseMode, doubleEncoded } from './record-container';

const lines = (text: string) => text.split('\n');

describe('chooseMode: the container from the evidence of every line, not the first byte', () => {
  it('broken lines first, then JSONL records: JSONL (each broken line costs itself)', () => {
    expect(chooseMode(lines('{"q": "cut\n{x\n{y\n{"a": 1}\n{z\n{"a": 2}'), true, true)).toBe('lines');
  });

  it('a malformed first line of pretty-printed objects: concatenated values', () => {
    expect(chooseMode(lines('{ "a": 1,\n  "b": {\n    "c": 2\n  }\n}\n{\n  "a": 3\n}'), true, true)).toBe(
      'values',
    );
    expect(chooseMode(lines('{\n  "a": 1\n}'), true, false)).toBe('values');
  });

  it('double-encoded lines are records; a file of bare JSON values is JSONL, not a transcript', () => {
    const twice = JSON.stringify(JSON.stringify({ question: 'q' }));
    expect(chooseMode([twice, twice], true, true)).toBe('lines');
    expect(chooseMode(['"<search>x</search>"'], true, true)).toBe('lines');
    expect(chooseMode(['42', 'null'], true, true)).toBe('lines');
  });

  it('prose stays a transcript; an array opens an array; `[INFO]` is prose', () => {
    expect(chooseMode(lines('Question: who?\n<search> x </search>\n"quoted"'), true, true)).toBe('text');
    expect(chooseMode(lines('[\n  {"a": 1}\n]'), true, true)).toBe('array');
    expect(chooseMode(lines('[INFO] run 3\nmore prose'), true, true)).toBe('text');
  });
});

describe('doubleEncoded', () => {
  it('decodes a string holding an object, nothing else', () => {
    expect(doubleEncoded(' {"a": 1} ')).toEqual({ a: 1 });
    for (const v of ['{not json}', '[1]', '"x"', 'text', 42, null, { a: 1 }])
      expect(doubleEncoded(v)).toBeUndefined();
  });
});
