import { describe, expect, it } from 'vitest';
import { generateStep } from '../../testing/training-run-generator';
import { canonicalJson, checkStorable, MAX_NESTING, MAX_STORED_CHARS } from './canonical';

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

/** checkStorable as it was before it built paths only for what it reports, the reference. */
function checkStorableBefore(value: unknown): { message: string; field?: string } | null {
  const stack: Array<{ v: unknown; depth: number; path: string }> = [{ v: value, depth: 0, path: '' }];
  let chars = 0;
  while (stack.length) {
    const { v, depth, path } = stack.pop() as { v: unknown; depth: number; path: string };
    if (typeof v === 'string') chars += v.length;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_NESTING)
      return {
        message: `nested deeper than ${MAX_NESTING} levels; Hopscope cannot store it`,
        ...(path ? { field: path } : {}),
      };
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    for (const [k, x] of entries) {
      chars += k.length;
      const p = depth < 6 ? (path ? `${path}.${k}` : k) : path.endsWith('…') ? path : `${path}.…`;
      stack.push({ v: x, depth: depth + 1, path: p });
    }
    if (chars > MAX_STORED_CHARS)
      return {
        message: `larger than ${MAX_STORED_CHARS.toLocaleString('en-US')} characters; Hopscope cannot store it`,
      };
  }
  return null;
}

describe('checkStorable reports what it did, where it did', () => {
  /** `leaf` under `keys`, then `{"a": …}` `depth` deep below it. */
  const under = (keys: Array<string | number>, depth: number): unknown =>
    keys.reduceRight<unknown>(
      (inner, k) =>
        typeof k === 'number'
          ? Object.assign(new Array<unknown>(k + 1).fill(0), { [k]: inner })
          : { [k]: inner },
      deep(depth),
    );

  it.each([
    [['agent', 'params'], MAX_NESTING],
    [['steps', 12, 'docs', 3, 'text…', '', 'x', 'y'], MAX_NESTING],
    [['', '', '', '', '', '', '', ''], MAX_NESTING],
    [['a', 'b', 'c', 'd', 'e', 'f…', 'g'], MAX_NESTING],
    [[], MAX_NESTING + 5],
    [['fine'], 10],
  ])('under %j, %i deep below', (keys, depth) => {
    const v = { ok: [1, 'two', { three: 3 }], nested: under(keys, depth) };
    expect(checkStorable(v)).toStrictEqual(checkStorableBefore(v));
    expect(checkStorable(under(keys, depth))).toStrictEqual(checkStorableBefore(under(keys, depth)));
  });

  it('on generated training records (all storable)', () => {
    const step = generateStep(5, 4, { steps: 40, samplesPerStep: 32, seed: 7, malformedRate: 0 });
    for (const l of step.lines) expect(checkStorable(JSON.parse(l))).toBeNull();
  });
});
