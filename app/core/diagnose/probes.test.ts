import { describe, expect, it } from 'vitest';
import { doc, traj as fakeTraj } from '../../testing/reward-fakes';
import type { StepInput } from '../schema/builder';
import type { Doc, Gold, Trajectory } from '../schema/trajectory';
import {
  closedBookMessages,
  MAX_PROBED_SEARCHES,
  planProbes,
  probeAnswer,
  probeCorrect,
  probeOverSearch,
  type ProbeOutput,
  probeVerdicts,
  withPassagesMessages,
} from './probes';

const search = (q: string, docs: Doc[]): StepInput => ({ kind: 'search', queries: [q], docs });
const think = (text: string): StepInput => ({ kind: 'think', text });

const traj = (gold: Gold | undefined, steps: StepInput[], answer?: string): Trajectory =>
  fakeTraj(steps, { question: Q, ...(gold ? { gold } : {}), ...(answer !== undefined ? { answer } : {}) });

const Q = 'When was the director of Jaws born?';
const GOLD: Gold = { answers: ['December 18, 1946'] };
const JAWS = doc('j', 'Jaws (film)', 'Jaws is a 1975 film directed by Steven Spielberg.');
const SPIELBERG = doc('s', 'Steven Spielberg', 'Steven Spielberg (born 18 December 1946) is a filmmaker.');
const RANDOM = doc('r', 'Shark', 'Sharks are a group of fish.');

// Two searches, then a third that repeats what was known; the agent answers right.
const T = traj(
  GOLD,
  [
    search('Jaws director', [JAWS]),
    think('Jaws was directed by Steven Spielberg.'),
    search('Steven Spielberg birth date', [SPIELBERG]),
    think('Spielberg was born on 18 December 1946.'),
    search('Spielberg born', [SPIELBERG]),
    think('Confirmed.'),
  ],
  '18 December 1946',
);

const text = (s: string): ProbeOutput => ({ text: s });

describe('planning the calls', () => {
  it('asks each query, the question closed-book, every decision point and two scores per hop', () => {
    const plan = planProbes(T, ['no-retrieval', 'closed-book', 'answer-now', 'info-gain'], () => [RANDOM]);
    expect(plan.skipped).toEqual([]);
    const ids = plan.calls.map((c) => c.id);
    expect(ids).toEqual([
      'no-retrieval/1',
      'no-retrieval/2',
      'no-retrieval/3',
      'closed-book',
      'answer-now/0',
      'answer-now/1',
      'answer-now/2',
      'answer-now/3',
      'info-gain/1/docs',
      'info-gain/1/random',
      'info-gain/2/docs',
      'info-gain/2/random',
      'info-gain/3/docs',
      'info-gain/3/random',
    ]);
    // Answer-now before any search is the closed-book prompt itself (one cached reply for both).
    const byId = new Map(plan.calls.map((c) => [c.id, c]));
    expect(byId.get('answer-now/0')?.messages).toEqual(closedBookMessages(Q));
    // At point 3 the passages of searches 1..3, each once.
    const at3 = byId.get('answer-now/3')?.messages[1]?.content ?? '';
    expect(at3.match(/Steven Spielberg:/g)).toHaveLength(1);
    expect(at3).toContain('Jaws (film)');
    const scored = byId.get('info-gain/1/random');
    expect(scored?.type === 'score' && scored.continuation).toBe('December 18, 1946');
    expect(scored?.messages).toEqual(withPassagesMessages(Q, [RANDOM]));
  });

  it('says why a probe cannot run', () => {
    const noGold = traj(undefined, [search('Jaws director', [JAWS])], 'Spielberg');
    expect(planProbes(noGold, ['answer-now', 'info-gain'], () => []).skipped.map((s) => s.reason)).toEqual([
      'no gold answer to compare with',
      'no gold answer to compare with',
    ]);
    expect(planProbes(T, ['info-gain'], () => []).skipped[0]?.reason).toBe(
      'no corpus to draw random passages from',
    );
    expect(planProbes(traj(GOLD, [], 'x'), ['no-retrieval'], () => []).skipped[0]?.reason).toBe(
      'no search to probe',
    );
    // A run with thousands of searches is probed closed-book only, and says so.
    const long = traj(
      GOLD,
      Array.from({ length: MAX_PROBED_SEARCHES + 1 }, (_, i) => search(`q${i}`, [JAWS])),
      'x',
    );
    const plan = planProbes(long, ['no-retrieval', 'closed-book', 'answer-now', 'info-gain'], () => [RANDOM]);
    expect(plan.calls.map((c) => c.id)).toEqual(['closed-book']);
    expect(plan.skipped.map((x) => x.reason)).toEqual(
      Array(3).fill(
        `${MAX_PROBED_SEARCHES + 1} searches: probed per search up to ${MAX_PROBED_SEARCHES} only`,
      ),
    );
  });
});

describe('reading replies', () => {
  it('takes the answer out of tags and prefixes; "unknown" is no answer', () => {
    expect(probeAnswer('<think>hmm</think><answer> 1946 </answer>')).toBe('1946');
    expect(probeAnswer('Answer: Steven Spielberg\nBecause…')).toBe('Steven Spielberg');
    expect(probeAnswer("Unknown. I can't tell")).toBe('');
  });

  it('counts the same date in another form and short replies holding gold, not long ones', () => {
    expect(probeCorrect('18 December 1946', GOLD.answers)).toBe(true);
    expect(probeCorrect('born December 18, 1946', GOLD.answers)).toBe(true);
    expect(probeCorrect('1950', GOLD.answers)).toBe(false);
    expect(
      probeCorrect(
        'He was born, as many sources including December 18, 1946 records say, somewhere else',
        GOLD.answers,
      ),
    ).toBe(false);
  });
});

describe('verdicts (each from its paper’s definition)', () => {
  it('no-retrieval (HiPRAG): over-search when the reply is the conclusion drawn after the search', () => {
    const outputs = new Map([
      ['no-retrieval/1', text('Steven Spielberg')],
      ['no-retrieval/2', text('unknown')],
      ['no-retrieval/3', text('1950')],
    ]);
    const v = probeVerdicts(T, ['no-retrieval'], outputs);
    expect(v.map((x) => [x.search, x.kind])).toEqual([
      [1, 'over-search'],
      [2, 'necessary'],
      [3, 'necessary'],
    ]);
    expect(v[0]?.evidence).toContain('"Jaws was directed by Steven Spielberg."');
    expect(probeOverSearch(v, 'no-retrieval', 3)).toEqual([1]);
  });

  it('no-retrieval: a reply that only echoes the query is no evidence', () => {
    const v = probeVerdicts(T, ['no-retrieval'], new Map([['no-retrieval/1', text('Jaws')]]));
    expect(v[0]?.kind).toBe('necessary');
  });

  it('closed-book (SAAS): a correct answer without search makes every search unnecessary', () => {
    const v = probeVerdicts(T, ['closed-book'], new Map([['closed-book', text('December 18, 1946')]]));
    expect(v).toHaveLength(1);
    expect(v[0]?.kind).toBe('over-search');
    expect(v[0]?.evidence).toContain('the 3 searches were not needed');
    expect(probeOverSearch(v, 'closed-book', 3)).toEqual([1, 2, 3]);
    expect(probeVerdicts(T, ['closed-book'], new Map([['closed-book', text('1950')]]))).toEqual([]);
  });

  it('closed-book: an answer given without searching that the model cannot give is under-search', () => {
    const direct = traj(GOLD, [], '1950');
    const v = probeVerdicts(direct, ['closed-book'], new Map([['closed-book', text('unknown')]]));
    expect(v.map((x) => x.kind)).toEqual(['under-search']);
  });

  it('answer-now (DAS): the first correct point is sufficiency, searches after it are over-search', () => {
    const outputs = new Map([
      ['answer-now/0', text('unknown')],
      ['answer-now/1', text('1950')],
      ['answer-now/2', text('18 December 1946')],
      ['answer-now/3', text('18 December 1946')],
    ]);
    const v = probeVerdicts(T, ['answer-now'], outputs);
    expect(v.map((x) => [x.kind, x.search])).toEqual([
      ['sufficiency', 2],
      ['over-search', 3],
    ]);
    // Not every point answered yet: no verdict rather than a premature one.
    outputs.delete('answer-now/1');
    expect(probeVerdicts(T, ['answer-now'], outputs)).toEqual([]);
  });

  it('answer-now: a stop with no correct point stopped too early', () => {
    const outputs = new Map(['0', '1', '2', '3'].map((p) => [`answer-now/${p}`, text('1950')]));
    const v = probeVerdicts(T, ['answer-now'], outputs);
    expect(v.map((x) => x.kind)).toEqual(['under-search']);
    expect(v[0]?.evidence).toContain('Stopped too early');
  });

  it('info-gain (IG-Search): gain = log p(gold | passages) − log p(gold | random); none → over-search', () => {
    const outputs = new Map<string, ProbeOutput>([
      ['info-gain/1/docs', { logprob: -9 }],
      ['info-gain/1/random', { logprob: -9.5 }],
      ['info-gain/2/docs', { logprob: -1.25 }],
      ['info-gain/2/random', { logprob: -8 }],
      ['info-gain/3/docs', { logprob: -8.5 }],
      ['info-gain/3/random', { logprob: -8 }],
    ]);
    const v = probeVerdicts(T, ['info-gain'], outputs);
    expect(v.map((x) => x.kind)).toEqual(['necessary', 'necessary', 'over-search']);
    expect(v[1]?.evidence).toContain('gain +6.75 nats');
    expect(v[2]?.evidence).toContain('gain −0.50 nats');
  });
});
