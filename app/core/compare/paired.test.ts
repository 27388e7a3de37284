import { describe, expect, test } from 'vitest';
import type { Step, Trajectory } from '../schema/trajectory';
import { comparePaired } from './paired';

interface Spec {
  q: string;
  answer?: string;
  gold?: string[];
  searches?: number;
  judge?: boolean;
}
let n = 0;
const t = ({ q, answer, gold = ['paris'], searches = 0, judge }: Spec): Trajectory => {
  const steps: Step[] = Array.from({ length: searches }, (_, i) => ({
    id: `s${i}`,
    index: i,
    kind: 'search',
    text: `query ${i}`,
  }));
  return {
    schema: 'hopscope.trajectory/1',
    id: `t${++n}`,
    question: q,
    ...(gold.length ? { gold: { answers: gold } } : {}),
    source: { kind: 'import' },
    agent: { strategy: 's', params: {} },
    steps,
    ...(answer !== undefined ? { answer: { text: answer } } : {}),
    ...(judge !== undefined ? { reported: { judge } } : {}),
  };
};

describe('comparePaired', () => {
  // A: right on q1, q2, q3; B: right on q1, q4, q5, q6. q7 has no gold on A's side.
  const A = [
    t({ q: 'q1', answer: 'Paris', searches: 1 }),
    t({ q: 'q2', answer: 'Paris', searches: 1 }),
    t({ q: 'q3', answer: 'paris!', searches: 1, judge: true }),
    t({ q: 'q4', answer: 'Lyon', searches: 1, judge: false }),
    t({ q: 'q5', searches: 1 }),
    t({ q: 'q6', answer: 'Rome', searches: 1 }),
    t({ q: 'q7', answer: 'x', gold: [] }),
    t({ q: 'only in a', answer: 'Paris' }),
  ];
  const B = [
    t({ q: 'Q6', answer: 'Paris', searches: 3 }),
    t({ q: 'Q5', answer: 'the city of Paris', searches: 3 }),
    t({ q: 'Q4', answer: 'Paris', searches: 3, judge: true }),
    t({ q: 'Q3', answer: 'Marseille', searches: 2, judge: true }),
    t({ q: 'Q2', answer: 'Nice', searches: 2 }),
    t({ q: 'Q1', answer: 'Paris', searches: 2 }),
    t({ q: 'Q7', answer: 'x', searches: 2 }),
  ];

  test('the paired table, the test and the means on EM', () => {
    const r = comparePaired(A, B, 'em', { seed: 3 });
    expect(r).toMatchObject({
      metric: 'em',
      pairs: 7,
      undefinedPairs: 1,
      table: { bothCorrect: 1, aOnly: 2, bOnly: 2, bothWrong: 1 },
      mcnemarP: 1,
      metricA: 3 / 6,
      metricB: 3 / 6,
      unmatchedA: 1,
      unmatchedB: 0,
    });
    expect(r.bootstrap?.diff).toBe(0);
    // RC over all 7 pairs: A 6 searches, B 17.
    expect(r.rcA).toBeCloseTo(6 / 7, 12);
    expect(r.rcB).toBeCloseTo(17 / 7, 12);
    expect(r.rcDiff).toBeCloseTo(11 / 7, 12);
    expect(r.flips.map((f) => [f.question, f.winner, f.aAnswer, f.bAnswer])).toEqual([
      ['q2', 'a', 'Paris', 'Nice'],
      ['q3', 'a', 'paris!', 'Marseille'],
      ['q4', 'b', 'Lyon', 'Paris'],
      ['q6', 'b', 'Rome', 'Paris'],
    ]);
    expect(r.flips[0]?.gold).toEqual(['paris']);
  });

  test('acc counts the covered answer; EM means are reported whatever the metric', () => {
    const r = comparePaired(A, B, 'acc');
    // "the city of Paris" contains the gold: q5 flips to B too.
    expect(r.table).toEqual({ bothCorrect: 1, aOnly: 2, bOnly: 3, bothWrong: 0 });
    expect(r.means.em).toEqual({ a: 3 / 6, b: 3 / 6, pairs: 6 });
    expect(r.metricB! - r.metricA!).toBeCloseTo(r.bootstrap!.diff, 12);
  });

  test('judge uses the log verdicts and leaves out pairs without one', () => {
    const r = comparePaired(A, B, 'judge');
    expect(r.undefinedPairs).toBe(5);
    expect(r.table).toEqual({ bothCorrect: 1, aOnly: 0, bOnly: 1, bothWrong: 0 });
    expect(r.flips.map((f) => f.question)).toEqual(['q4']);
  });

  test('with nothing scored the test is neutral and there is no interval', () => {
    const r = comparePaired([t({ q: 'a', gold: [] })], [t({ q: 'a', gold: [] })]);
    expect(r).toMatchObject({ pairs: 1, undefinedPairs: 1, mcnemarP: 1, bootstrap: null, metricA: null });
  });
});
