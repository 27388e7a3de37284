import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repeatedR1Lines } from './repeated-r1-log';

const REAL = readFileSync('../shared/data/trajectories/r1searcher_bamboogle_qwen.jsonl', 'utf8');
const real = REAL.trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { question: string });

describe('repeatedR1Lines', () => {
  it('repeats whole copies of the real log until the size, each copy with its own questions', () => {
    const lines = [...repeatedR1Lines(REAL, 2 * REAL.length)];
    // Whole copies: 125 lines each; re-serialized lines are about the source's size.
    expect(lines.length % real.length).toBe(0);
    expect(lines.length).toBeGreaterThanOrEqual(2 * real.length);
    const made = lines.map((l) => JSON.parse(l) as { question: string });
    expect(new Set(made.map((r) => r.question)).size).toBe(made.length);
    expect(made[real.length + 3]).toEqual({ ...real[3], question: `${real[3]!.question} [copy 1]` });
    expect(lines.reduce((n, l) => n + l.length + 1, 0)).toBeGreaterThanOrEqual(2 * REAL.length);
  });
});
