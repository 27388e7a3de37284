import { describe, expect, it } from 'vitest';
import { run } from '../../testing/compare-runs';
import { alignRuns } from './align';
import { answerCounts, sortRuns } from './many-runs';

const FOUNDER = ['Casmere Botanical Institute', 'Founded in 1879 by the botanist Ilse Varnholt.'] as [
  string,
  string,
];
const BIRTH = ['Ilse Varnholt', 'Ilse Varnholt was a botanist born in Tavish.'] as [string, string];

const twoHops = (id: string, answer?: string) =>
  run({
    id,
    hops: [
      { query: 'Casmere Botanical Institute founder', docs: [FOUNDER] },
      { query: 'Ilse Varnholt birthplace', docs: [BIRTH] },
    ],
    answer,
  });
const oneHop = (id: string, answer: string) =>
  run({ id, hops: [{ query: 'Casmere', docs: ['Casmere'] }], answer });

describe('answerCounts', () => {
  it('counts answers equal under SQuAD normalization as one, most given first, with EM', () => {
    const a = alignRuns([
      oneHop('a', 'Casmere'),
      twoHops('b', 'Tavish'),
      twoHops('c', 'the Tavish.'),
      twoHops('d'),
      twoHops('e', 'tavish'),
    ]);
    expect(answerCounts(a.runs)).toEqual([
      { text: 'Tavish', runs: 3, correct: true },
      { text: 'Casmere', runs: 1, correct: false },
      { text: null, runs: 1, correct: false },
    ]);
  });
});

describe('sortRuns', () => {
  const a = alignRuns([
    oneHop('a', 'Casmere'),
    twoHops('b', 'Tavish'),
    run({ id: 'c', hops: [{ query: 'x', docs: ['Nothing'] }], answer: 'Tavish' }),
  ]);

  it('orders by a metric either way, ties in run order', () => {
    expect(sortRuns(a.runs, 'em', -1)).toEqual([1, 2, 0]);
    expect(sortRuns(a.runs, 'em', 1)).toEqual([0, 1, 2]);
    expect(sortRuns(a.runs, 'steps', -1)).toEqual([1, 0, 2]);
    expect(sortRuns(a.runs, 'run', -1)).toEqual([2, 1, 0]);
  });

  it('puts the earliest sufficiency first and a run that never reached one after those that did', () => {
    // b finds "Tavish" at its second search; a and c never retrieve it.
    expect(a.runs.map((r) => r.sufficiency.status)).toEqual(['never', 'at', 'never']);
    expect(sortRuns(a.runs, 'sufficient', 1)).toEqual([1, 0, 2]);
  });

  it('keeps runs without a value last in both directions', () => {
    const noGold = alignRuns([
      run({ id: 'x', hops: [{ query: 'q', docs: ['Casmere'] }], answer: 'Tavish', gold: { answers: [] } }),
      twoHops('y', 'Tavish'),
    ]);
    expect(noGold.runs[0]?.metrics.em).toBeNull();
    expect(sortRuns(noGold.runs, 'em', 1)).toEqual([1, 0]);
    expect(sortRuns(noGold.runs, 'em', -1)).toEqual([1, 0]);
  });
});
