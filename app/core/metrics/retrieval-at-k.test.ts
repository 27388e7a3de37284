// ExSearch's R@k / P@k (§5.2, Tables 3 and 7): a retrieved document is correct when it contains
// the answer to the question; R@k = the top-k cover the answer, P@k = correct share of the top-k.
import { describe, expect, it } from 'vitest';
import { buildTrajectory, type StepInput, type TrajectoryEvent } from '../schema/builder';
import type { Doc, Gold, Trajectory } from '../schema/trajectory';
import { exsearchRetrievalMetrics, retrievalAtK } from './retrieval-at-k';

const doc = (id: string, text: string, rank: number, title = id): Doc => ({ id, title, text, rank });

function traj(steps: StepInput[], gold?: Gold): Trajectory {
  const events: TrajectoryEvent[] = [
    {
      type: 'start',
      id: 't',
      question: 'Who directed Jaws?',
      source: { kind: 'import' },
      agent: { strategy: 'exsearch', params: {} },
      ...(gold ? { gold } : {}),
    },
    ...steps.map((step): TrajectoryEvent => ({ type: 'step', step })),
  ];
  return buildTrajectory(events);
}

const YES = (id: string, rank: number) => doc(id, 'Jaws was directed by Steven Spielberg.', rank);
const NO = (id: string, rank: number) => doc(id, 'Sharks are fish.', rank);
const gold: Gold = { answers: ['Steven Spielberg'] };

describe('R@k and P@k of one retrieval (the retriever rows of Tables 3 and 7)', () => {
  // Ranks 1–5: only rank 4 contains the answer.
  const t = traj(
    [{ kind: 'retrieve', docs: [NO('a', 1), NO('b', 2), NO('c', 3), YES('d', 4), NO('e', 5)] }],
    gold,
  );

  it('R@3 = 0 and R@5 = 1: the answer-bearing document is ranked 4th', () => {
    expect(retrievalAtK(t, 3)).toEqual({ k: 3, recall: 0, precision: 0 });
    expect(retrievalAtK(t, 5)).toEqual({ k: 5, recall: 1, precision: 1 / 5 });
  });

  it('reads the top-k by rank, not by list order', () => {
    const shuffled = traj(
      [{ kind: 'retrieve', docs: [YES('d', 4), NO('a', 1), NO('b', 2), NO('c', 3)] }],
      gold,
    );
    expect(retrievalAtK(shuffled, 3).recall).toBe(0);
    expect(retrievalAtK(shuffled, 4).recall).toBe(1);
  });

  it('divides P@k by k even when fewer than k documents came back', () => {
    const short = traj([{ kind: 'retrieve', docs: [YES('a', 1), NO('b', 2)] }], gold);
    expect(retrievalAtK(short, 5)).toEqual({ k: 5, recall: 1, precision: 1 / 5 });
  });
});

describe('R@k and P@k of an agent that retrieves several times', () => {
  const t = traj(
    [
      { kind: 'search', queries: ['Jaws'] },
      { kind: 'retrieve', docs: [NO('a', 1), NO('b', 2), NO('c', 3)] },
      { kind: 'search', queries: ['Jaws director'] },
      { kind: 'retrieve', docs: [YES('d', 1), YES('e', 2), NO('f', 3)] },
    ],
    gold,
  );

  it('R@k pools the top-k of every retrieval; P@k averages the per-retrieval precision', () => {
    expect(exsearchRetrievalMetrics(t)).toEqual({ r3: 1, r5: 1, p3: (0 + 2 / 3) / 2, p5: (0 + 2 / 5) / 2 });
  });

  it('is null without gold answers; P@k is null when nothing was retrieved', () => {
    expect(exsearchRetrievalMetrics(traj([{ kind: 'retrieve', docs: [YES('a', 1)] }]))).toEqual({
      r3: null,
      r5: null,
      p3: null,
      p5: null,
    });
    expect(retrievalAtK(traj([{ kind: 'answer', text: 'x' }], gold), 3)).toEqual({
      k: 3,
      recall: 0,
      precision: null,
    });
  });
});

describe('against gold supporting passages instead of the answer', () => {
  const withGold: Gold = {
    answers: ['Steven Spielberg'],
    supporting: [{ docId: 'a' }, { docId: 'f' }],
  };
  const t = traj(
    [
      { kind: 'retrieve', docs: [NO('a', 1), NO('b', 2), NO('c', 3), NO('x', 4)] },
      { kind: 'retrieve', docs: [YES('d', 1), YES('e', 2), NO('g', 3), NO('f', 4)] },
    ],
    withGold,
  );

  it('R@k is the share of gold passages in the pooled top-k; P@k the gold share per retrieval', () => {
    expect(retrievalAtK(t, 3, 'gold')).toEqual({ k: 3, recall: 1 / 2, precision: (1 / 3 + 0) / 2 });
    expect(retrievalAtK(t, 5, 'gold')).toEqual({ k: 5, recall: 1, precision: (1 / 5 + 1 / 5) / 2 });
  });

  it('is null without gold passages', () => {
    expect(retrievalAtK(traj([{ kind: 'retrieve', docs: [NO('a', 1)] }], gold), 3, 'gold').recall).toBeNull();
  });
});
