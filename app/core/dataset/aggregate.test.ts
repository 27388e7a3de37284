import { describe, expect, it } from 'vitest';
import { aggregateByFile, aggregateRows } from './aggregate';
import type { TrajectoryRow } from './row';

type Scores = Pick<TrajectoryRow, 'em' | 'f1' | 'acc' | 'judge' | 'rc' | 'recall'>;
function row(file: string, s: Partial<Scores>): TrajectoryRow {
  const scores: Scores = { em: null, f1: null, acc: null, judge: null, rc: 0, recall: null, ...s };
  return { file, ...scores } as TrajectoryRow;
}

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
