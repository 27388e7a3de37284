import { describe, expect, it } from 'vitest';
import { lineAndColumn, resyncPoint } from './element-resync';

describe('resyncPoint: where the record after a cut-off one starts', () => {
  it('a `{` directly inside the cut object after a comma (a stray separator)', () => {
    const s = '{\n  "id": 2,\n  "gold": ["x"],\n ,\n  {"id": 3}\n]';
    expect(resyncPoint(s, 0, 2)).toBe(s.indexOf('{"id": 3}'));
  });

  it('after a string cut by a line break (JSON strings hold none)', () => {
    const s = '{"id": 2, "q": "cu\n{"id": 3, "q": "{x}"}';
    expect(resyncPoint(s, 0, null)).toBe(s.indexOf('{"id": 3'));
  });

  it('deeper in, only at the cut record’s own column where it began a line', () => {
    const s = '{\n    "docs": [\n      {"t": 1},\n  {\n    "id": 2\n  }\n]';
    expect(resyncPoint(s, 0, 2)).toBe(s.indexOf('{\n    "id": 2'));
    expect(resyncPoint(s, 0, null)).toBe(-1);
  });

  it('never a value after `:` or a nested array’s first object, nor before where parsing failed', () => {
    expect(resyncPoint('{"a": NaN, "b": {"c": 1}}', 0, null)).toBe(-1);
    expect(resyncPoint('{"a": [\n{"b": 1}]}', 0, 0)).toBe(-1);
    const s = '{"a": 1, {"b": 2}';
    expect(resyncPoint(s, s.length, null)).toBe(-1);
  });
});

describe('lineAndColumn', () => {
  it('counts LF, CRLF and lone CR once each', () => {
    expect(lineAndColumn('a\nb\r\nc\rde', 8)).toEqual({ lines: 3, col: 1, blank: false });
    expect(lineAndColumn('a\n  b', 4)).toEqual({ lines: 1, col: 2, blank: true });
  });
});
