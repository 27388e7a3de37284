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
});
