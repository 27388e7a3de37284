import { describe, expect, it } from 'vitest';
import { shareRead, timeLeftMs, timeLeftText } from './import-progress';

describe('a run import’s progress', () => {
  it('estimates the time left from the rate so far', () => {
    // A quarter read in 60 s: three quarters left at that rate.
    expect(timeLeftMs({ done: 250, total: 1000, elapsedMs: 60_000 })).toBe(180_000);
    expect(shareRead({ done: 250, total: 1000, elapsedMs: 60_000 })).toBe(0.25);
    expect(timeLeftMs({ done: 1000, total: 1000, elapsedMs: 60_000 })).toBe(0);
  });

  it('says nothing until enough is read to trust the rate', () => {
    expect(timeLeftMs({ done: 500, total: 1000, elapsedMs: 1000 })).toBeNull();
    expect(timeLeftMs({ done: 5, total: 1000, elapsedMs: 60_000 })).toBeNull();
    expect(shareRead({ done: 0, total: 0, elapsedMs: 0 })).toBe(1);
  });

  it('words the time left in seconds, minutes or hours', () => {
    expect(timeLeftText(null)).toBe('');
    expect(timeLeftText(38_000)).toBe('about 40 s left');
    expect(timeLeftText(180_000)).toBe('about 3 min left');
    expect(timeLeftText(3_900_000)).toBe('about 1 h 5 min left');
  });
});
