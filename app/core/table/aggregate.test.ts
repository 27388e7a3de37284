import { describe, expect, it } from 'vitest';
import { aggregateByFile, aggregateRows } from './aggregate';
import type { TrajectoryRow } from './row';
import { NO_EFF, tableRow } from '../../testing/table-row';

type Scores = Pick<TrajectoryRow, 'em' | 'f1' | 'acc' | 'judge' | 'rc' | 'recall' | 'eff'>;
const row = (file: string, s: Partial<Scores>) => tableRow({ file, ...s });

const ROWS = [
  row('a.jsonl', { em: 1, f1: 1, acc: 1, judge: 1, rc: 2, recall: 1 }),
  row('b.jsonl', { em: 0, f1: 0.5, acc: 1, rc: 4, recall: 0.5 }),
  row('a.jsonl', { em: 0, f1: 0, acc: 0, judge: 0, rc: 3 }),
  row('b.jsonl', { rc: 1 }),
];

describe('aggregateRows', () => {
  it('averages each metric over the rows where it is not null, and says over how many', () => {
    const a = aggregateRows(ROWS);
    expect(a.count).toBe(4);
    expect(a.means.em).toEqual({ mean: 1 / 3, n: 3 });
    expect(a.means.f1).toEqual({ mean: 0.5, n: 3 });
    expect(a.means.acc).toEqual({ mean: 2 / 3, n: 3 });
    expect(a.means.judge).toEqual({ mean: 0.5, n: 2 });
    expect(a.means.rc).toEqual({ mean: 2.5, n: 4 });
    expect(a.means.recall).toEqual({ mean: 0.75, n: 2 });
  });

  it('gives null means (n = 0) for an empty set or a metric nobody has', () => {
    const empty = aggregateRows([]);
    expect(empty.count).toBe(0);
    expect(empty.means.em).toEqual({ mean: null, n: 0 });
    expect(aggregateRows([row('x', {})]).means.judge).toEqual({ mean: null, n: 0 });
  });
});

describe('efficiency', () => {
  it('takes rates over what they count (searches, passages), means over the trajectories that have them', () => {
    const eff = (searches: number, redundant: number, correct: 0 | 1 | null, after: number | null) => ({
      ...NO_EFF,
      searches,
      redundant,
      correct,
      afterSufficiency: after,
      underSearch: 0 as const,
      docs: searches * 5,
      dupDocs: redundant * 5,
    });
    const a = aggregateRows([
      row('a', { eff: eff(4, 3, 1, 3) }),
      row('a', { eff: eff(1, 0, 0, null) }),
      row('a', { eff: eff(5, 0, null, 0) }),
    ]);
    // 3 redundant of 10 searches (not the mean of 0.75, 0 and 0).
    expect(a.efficiency.redundantRate).toEqual({ value: 0.3, n: 10 });
    // Correct answers per search, over trajectories with gold: 1 / (4 + 1).
    expect(a.efficiency.productivity).toEqual({ value: 0.2, n: 5 });
    expect(a.efficiency.afterSufficiency).toEqual({ value: 1.5, n: 2 });
    expect(a.efficiency.dupDocRate).toEqual({ value: 0.3, n: 50 });
    expect(a.efficiency.underSearchRate).toEqual({ value: 0, n: 3 });
  });
});

describe('aggregateByFile', () => {
  it('gives the whole set first, then each file in order of first appearance', () => {
    const [all, a, b, ...rest] = aggregateByFile(ROWS);
    expect(rest).toEqual([]);
    expect(all).toEqual(aggregateRows(ROWS));
    expect(a?.file).toBe('a.jsonl');
    expect(a?.count).toBe(2);
    expect(a?.means.judge).toEqual({ mean: 0.5, n: 2 });
    expect(b?.file).toBe('b.jsonl');
    expect(b?.means.em).toEqual({ mean: 0, n: 1 });
    expect(b?.means.rc).toEqual({ mean: 2.5, n: 2 });
  });
});
