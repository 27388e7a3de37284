import { describe, expect, test } from 'vitest';
import { logBinomHalfCdf, mcnemarExact } from './mcnemar';

/** Within a relative 1e-12: the sum runs in log space, so the last bits may differ. */
const near = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected) / expected).toBeLessThan(1e-12);

describe('mcnemarExact', () => {
  test('matches hand-computed values', () => {
    // b=1, c=9: 2 · (C(10,0) + C(10,1)) / 2^10 = 2 · 11 / 1024 = 0.021484375.
    near(mcnemarExact(1, 9), 0.021484375);
    near(mcnemarExact(9, 1), 0.021484375);
    // b=0, c=5: 2 / 32.
    near(mcnemarExact(0, 5), 0.0625);
    // b=2, c=8: 2 · (1 + 10 + 45) / 1024.
    near(mcnemarExact(2, 8), 112 / 1024);
  });
  test('is 1 with no discordant pairs or a tie', () => {
    expect(mcnemarExact(0, 0)).toBe(1);
    expect(mcnemarExact(5, 5)).toBe(1);
    expect(mcnemarExact(4, 5)).toBe(1);
  });
  test('stays finite where C(n, k) overflows a double', () => {
    // C(2000, 900) ≈ 1e598: a direct sum would be Infinity / Infinity.
    const p = mcnemarExact(900, 1100);
    // Continuity-corrected normal approximation: z = (200 − 1) / √2000 ≈ 4.45, p ≈ 8.6e-6.
    expect(p).toBeGreaterThan(5e-6);
    expect(p).toBeLessThan(1.5e-5);
    // A near-tie of thousands: 2·P(X ≤ 1999) = 1 − P(X = 2000) for n = 4000, just under 1.
    const tie = mcnemarExact(1999, 2001);
    expect(tie).toBeGreaterThan(0.98);
    expect(tie).toBeLessThan(1);
    // Far in the tail the log stays finite even where the p-value underflows.
    expect(Number.isFinite(logBinomHalfCdf(100, 4000))).toBe(true);
  });
  test('the log CDF agrees with a direct sum where the direct sum is safe', () => {
    let direct = 0;
    let c = 1;
    for (let i = 0; i <= 7; i++) {
      direct += c;
      c = (c * (30 - i)) / (i + 1);
    }
    near(Math.exp(logBinomHalfCdf(7, 30)), direct / 2 ** 30);
  });
  test('rejects counts that are not counts', () => {
    expect(() => mcnemarExact(-1, 2)).toThrow(RangeError);
    expect(() => mcnemarExact(1.5, 2)).toThrow(RangeError);
  });
});
