import { describe, expect, it } from 'vitest';
import { canonicalJson, checkStorable, MAX_NESTING } from './canonical';

/** `{"a":{"a":…}}` nested `depth` deep, built as text and parsed (as a file would be). */
const deep = (depth: number) => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) as unknown;

describe('canonicalJson', () => {
  it('is the same text whatever the key order, and sorts keys at every level', () => {
    const a = { b: 1, a: [{ y: 2, x: 'é' }, null], c: { z: true, m: -0.5 } };
    const b = { c: { m: -0.5, z: true }, a: [{ x: 'é', y: 2 }, null], b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"a":[{"x":"é","y":2},null],"b":1,"c":{"m":-0.5,"z":true}}');
  });

  it('agrees with JSON.stringify on values whose keys are already sorted', () => {
    const v = { a: [1, 'two', { b: null, c: [true, false] }], d: '"quoted"\n', e: {}, f: [] };
    expect(canonicalJson(v)).toBe(JSON.stringify(v));
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe(
      JSON.stringify({ a: undefined, b: [undefined] }),
    );
  });

  it('handles values nested 100,000 deep (JSON.stringify overflows the stack there)', () => {
    const v = deep(100_000);
    expect(() => JSON.stringify(v)).toThrow(RangeError);
    const s = canonicalJson(v);
    expect(s.length).toBe(100_000 * 6 + 1);
  });
});

describe('checkStorable', () => {
  it(`accepts ${MAX_NESTING} levels and reports one more, with where`, () => {
    expect(checkStorable(deep(MAX_NESTING))).toBeNull();
    const p = checkStorable({ agent: deep(MAX_NESTING + 1) });
    expect(p?.message).toMatch(/nested deeper than 256 levels/);
    expect(p?.field).toMatch(/^agent\.a\.a/);
    expect(checkStorable(deep(100_000))?.message).toMatch(/nested deeper/);
  });

  it('accepts ordinary values', () => {
    expect(checkStorable({ a: [1, 'x', null, { b: true }] })).toBeNull();
    expect(checkStorable('text')).toBeNull();
  });
});
