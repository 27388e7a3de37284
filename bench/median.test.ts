import { describe, expect, it } from 'vitest';
import { median } from './median';

describe('median', () => {
  it('is the middle value, the mean of the two middles for an even count, and refuses nothing', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(() => median([])).toThrow(/nothing/);
  });

  it('leaves its input in order', () => {
    const xs = [3, 1, 2];
    median(xs);
    expect(xs).toEqual([3, 1, 2]);
  });
});
