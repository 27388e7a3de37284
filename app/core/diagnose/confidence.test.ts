import { describe, expect, it } from 'vitest';
import { doc, traj as fakeTraj } from '../../testing/reward-fakes';
import {
  JAWS_BORN_GOLD as GOLD,
  JAWS_BORN_Q as Q,
  JAWS_DOC as JAWS,
  searchStep as search,
  SPIELBERG_DOC as SPIELBERG,
} from '../../testing/jaws';
import type { StepInput } from '../schema/builder';
import type { Gold, Trajectory } from '../schema/trajectory';
import { agreement } from './agreement';
import { agreementByConfidence, type ConfidentPrediction } from './confidence-agreement';
import { diagnose } from './diagnose';

const traj = (question: string, gold: Gold, steps: StepInput[], answer: string): Trajectory =>
  fakeTraj(steps, { question, gold, answer });

describe('verdict confidence', () => {
  it('is sure for a recognised pattern whose evidence chain is complete, and for what follows from it', () => {
    const d = diagnose(
      traj(
        Q,
        GOLD,
        [
          search('Jaws director', [JAWS]),
          search('Steven Spielberg birth date', [SPIELBERG]),
          search('Steven Spielberg birthday', [SPIELBERG]),
        ],
        '18 December 1946',
      ),
    );
    expect(d.sufficiency.basis).toBe('question-pattern');
    expect(d.firstSufficientSearch).toBe(2);
    expect(d.confidence.firstSufficientSearch).toMatchObject({ level: 'sure', reason: 'pattern-chain' });
    expect(d.confidence.searches.map((c) => [c.level, c.reason])).toEqual([
      ['sure', 'before-sure-point'],
      ['sure', 'before-sure-point'],
      ['sure', 'after-sure-point'],
    ]);
    expect(d.confidence.underSearch.level).toBe('sure');
  });

  it('is unsure where the verdict rests on a fallback rule', () => {
    // No pattern recognised: the gold string in a passage, the question's words tied to nothing.
    const d = diagnose(
      traj(
        'Who wrote Zorblax?',
        { answers: ['Mary Quill'] },
        [
          // The gold beside the entity, but no wording of the asked relation ("wrote", "novel by").
          search('Zorblax author', [doc('z', 'Zorblax', 'Zorblax was reviewed by Mary Quill.')]),
          search('Zorblax author novel', [doc('y', 'Novels', 'A list of novels.')]),
        ],
        // A wrong answer: a correct one the passages state settles under-search (coverage-rules.test.ts).
        'Jane Quill',
      ),
    );
    expect(['fallback', 'answer-linked']).toContain(d.sufficiency.basis);
    expect(d.confidence.firstSufficientSearch.level).toBe('unsure');
    // The first search came before any passage held the gold, so it was necessary whatever the
    // point; the second rests on the unsure point.
    expect(d.confidence.searches.map((c) => c.reason)).toEqual(['before-gold-seen', 'after-unsure-point']);
    expect(d.confidence.searches[1]?.level).toBe('unsure');
    expect(d.confidence.underSearch.level).toBe('unsure');
  });

  it('is sure for the same words asked again, unsure for a near-threshold overlap', () => {
    // No gold: whether the earlier search failed is unknown, so the added word may ask nothing new.
    const d = diagnose(
      traj(
        'Who wrote Zorblax?',
        { answers: [] },
        [
          search('zorblax novel author name first', []),
          search('first name author novel zorblax', []),
          search('zorblax novel author name first edition', []),
        ],
        'Tom',
      ),
    );
    expect(d.searchLabels).toEqual(['necessary', 'redundant', 'redundant']);
    expect(d.confidence.searches[1]).toMatchObject({ level: 'sure', reason: 'same-query' });
    expect(d.confidence.searches[2]).toMatchObject({ level: 'unsure', reason: 'near-threshold-overlap' });
  });

  it('is sure for an answer with no search, judged by its correctness', () => {
    const d = diagnose(traj(Q, GOLD, [], '1950'));
    expect(d.underSearch).toBe(true);
    expect(d.confidence.underSearch).toMatchObject({ level: 'sure', reason: 'no-search' });
  });
});

describe('agreement by confidence', () => {
  const p = (id: string, over: number[], under: boolean, c: ConfidentPrediction['confidence']) => ({
    id,
    searches: c.searches.length,
    first_sufficient_search: null,
    over_search: over,
    under_search: under,
    confidence: c,
  });
  const predictions: ConfidentPrediction[] = [
    p('a#0', [2], false, {
      searches: ['sure', 'unsure'],
      under_search: 'sure',
      first_sufficient_search: 'sure',
    }),
    p('a#1', [1, 3], true, {
      searches: ['unsure', 'sure', 'unsure'],
      under_search: 'unsure',
      first_sufficient_search: 'unsure',
    }),
    p('a#2', [], true, { searches: ['sure'], under_search: 'sure', first_sufficient_search: 'sure' }),
  ];
  const labels = [
    { id: 'a#0', searches: 2, search_labels: ['necessary', 'redundant'] as const, under_search: false },
    {
      id: 'a#1',
      searches: 3,
      search_labels: ['necessary', 'redundant', 'redundant'] as const,
      under_search: false,
    },
    { id: 'a#2', searches: 1, search_labels: ['redundant'] as const, under_search: true },
  ].map((l) => ({ ...l, search_labels: [...l.search_labels] }));

  it('splits the overall confusion counts into sure and unsure parts that add up', () => {
    const all = agreement(predictions, labels);
    const by = agreementByConfidence(predictions, labels);
    for (const kind of ['overSearch', 'underSearch'] as const)
      for (const k of ['tp', 'fp', 'fn', 'tn'] as const)
        expect(by.sure[kind][k] + by.unsure[kind][k], `${kind} ${k}`).toBe(all[kind][k]);
    expect(by.sure.overSearch).toMatchObject({ tp: 0, fp: 0, fn: 2, tn: 1 });
    expect(by.unsure.overSearch).toMatchObject({ tp: 2, fp: 1, fn: 0, tn: 0 });
    expect(by.sure.underSearch).toMatchObject({ tp: 1, tn: 1 });
    expect(by.unsure.underSearch).toMatchObject({ fp: 1 });
  });

  it('gives coverage as the share of searches and of trajectories that are sure', () => {
    const c = agreementByConfidence(predictions, labels).coverage;
    expect(c).toMatchObject({ searches: 6, sureSearches: 3, searchShare: 0.5, trajectories: 3 });
    expect(c).toMatchObject({ sureTrajectories: 2, trajectoryShare: 0.667, sureSufficiency: 2 });
  });
});
