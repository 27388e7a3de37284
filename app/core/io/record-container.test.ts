import { describe, expect, it } from 'vitest';
import { chooseMode, doubleEncoded, strip } from './record-container';

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

describe('strip', () => {
  // The regular expression strip replaced: what it removed, strip removes, for every character.
  // eslint-disable-next-line no-control-regex -- NUL and RS are junk around a record.
  const old = (s: string) => s.replace(/^[\s\uFEFF\0\x1e]+|[\s\0\x1e]+$/g, '');

  it('removes what the old expression removed, for every UTF-16 code unit at either end', () => {
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      for (const s of [`${ch}{"a": 1}${ch}`, ch, `${ch}${ch}x ${ch}y${ch}`])
        if (strip(s) !== old(s)) throw new Error(`U+${c.toString(16)}: ${JSON.stringify(s)}`);
    }
  });

  it('agrees with it on mixed junk, whitespace inside, and empty lines', () => {
    const parts = [
      '\uFEFF',
      '\0',
      '\x1e',
      ' ',
      '\t',
      '\r',
      '\n',
      '\u2028',
      '\u00a0',
      '{"q": "a b"}',
      'x',
      '\ud800',
    ];
    let seed = 7; // mulberry32: a fixed sequence, so a failure replays
    const next = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
      return (r ^ (r >>> 14)) >>> 0;
    };
    for (let i = 0; i < 5000; i++) {
      const s = Array.from({ length: next() % 9 }, () => parts[next() % parts.length]).join('');
      expect(strip(s), JSON.stringify(s)).toBe(old(s));
    }
    expect(strip('')).toBe('');
    expect(strip('\uFEFF\x1e {"a": 1}\0\r')).toBe('{"a": 1}');
  });
});
