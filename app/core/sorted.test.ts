import { describe, expect, it } from 'vitest';
import { lastAtOrBefore } from './sorted';

describe('lastAtOrBefore', () => {
  it('finds the last key at or before x, repeated keys included, as a scan does', () => {
    const keys = [0, 2, 2, 2, 5, 9, 9, 14];
    const scan = (x: number) => keys.reduce((found, k, i) => (k <= x ? i : found), -1);
    for (let x = -3; x <= 16; x++)
      expect(
        lastAtOrBefore(keys.length, (k) => keys[k]!, x),
        `x=${x}`,
      ).toBe(scan(x));
    expect(lastAtOrBefore(0, () => 0, 5)).toBe(-1);
    // Only the first n keys count.
    expect(lastAtOrBefore(4, (k) => keys[k]!, 100)).toBe(3);
  });
});
