// Summaries compared across engines (SQL, the JS path, run-summary): numbers equal up to the order
// a sum was taken in, everything else exactly.
import { expect } from 'vitest';

/** Deep equality with numbers equal to a relative 1e-12 (float sums in another order). */
export function expectSame(a: unknown, b: unknown, path = ''): void {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Math.abs(a - b) > 1e-12 * Math.max(1, Math.abs(a))) expect(a, path).toBe(b);
  } else if (a && b && typeof a === 'object' && typeof b === 'object') {
    expect(Object.keys(a).sort(), path).toEqual(Object.keys(b).sort());
    for (const k of Object.keys(a))
      expectSame((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
  } else expect(a, path).toEqual(b);
}
