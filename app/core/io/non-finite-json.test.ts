import { describe, expect, it } from 'vitest';
import { parseWithNonFinite } from './non-finite-json';

describe('parseWithNonFinite', () => {
  it("reads Python's bare NaN, Infinity and -Infinity as null, and leaves strings alone", () => {
    expect(
      parseWithNonFinite('{"a": NaN, "b": [Infinity, -Infinity], "c": "NaN \\" Infinity", "d": 1}'),
    ).toEqual({
      a: null,
      b: [null, null],
      c: 'NaN " Infinity',
      d: 1,
    });
  });

  it('gives undefined for text with none of them, or that is still broken', () => {
    expect(parseWithNonFinite('{"a": 1')).toBeUndefined();
    expect(parseWithNonFinite('{"a": NaN')).toBeUndefined();
    expect(parseWithNonFinite('{"a": "NaN"')).toBeUndefined();
  });

  it('gives undefined for a value that is itself a bare NaN or Infinity (no record to read)', () => {
    expect(parseWithNonFinite('NaN')).toBeUndefined();
    expect(parseWithNonFinite(' -Infinity ')).toBeUndefined();
  });
});
