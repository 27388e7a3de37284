import { describe, expect, test } from 'vitest';
import { mulberry32 } from '../random';
import { pairedBootstrap } from './bootstrap';

describe('pairedBootstrap', () => {
  const diffs = [1, 0, 0, -1, 1, 1, 0, 0, 1, 0, 0, 1, -1, 0, 1, 0];
  test('is deterministic for a seed and changes with it', () => {
    const a = pairedBootstrap(diffs, { seed: 7 });
    expect(pairedBootstrap(diffs, { seed: 7 })).toEqual(a);
    const other = pairedBootstrap(diffs, { seed: 8, resamples: 2000 });
    expect(other).not.toEqual(a);
    expect(mulberry32(3)()).toBe(mulberry32(3)());
  });
  test('contains the observed difference and lies within the data range', () => {
    const r = pairedBootstrap(diffs, { seed: 1 });
    expect(r).not.toBeNull();
    expect(r!.diff).toBe(4 / 16);
    expect(r!.lo).toBeLessThanOrEqual(r!.diff);
    expect(r!.hi).toBeGreaterThanOrEqual(r!.diff);
    expect(r!.lo).toBeGreaterThanOrEqual(-1);
    expect(r!.hi).toBeLessThanOrEqual(1);
    expect(r!.hi).toBeGreaterThan(r!.lo);
    expect(r).toMatchObject({ resamples: 2000, seed: 1, level: 0.95 });
  });
  test('narrows as the coverage level drops', () => {
    const wide = pairedBootstrap(diffs, { seed: 2, level: 0.99 })!;
    const narrow = pairedBootstrap(diffs, { seed: 2, level: 0.5 })!;
    expect(narrow.hi - narrow.lo).toBeLessThan(wide.hi - wide.lo);
  });
  test('is [d, d] when every difference is d', () => {
    for (const d of [1, 0, -1, 0.25]) {
      const r = pairedBootstrap(Array(37).fill(d), { seed: 5, resamples: 300 });
      expect(r).toMatchObject({ diff: d, lo: d, hi: d });
    }
  });
  test('is null without data', () => {
    expect(pairedBootstrap([])).toBeNull();
  });
});
