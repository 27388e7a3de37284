import { describe, expect, it } from 'vitest';
import type { RowConfidence } from './row-confidence';
import { judgeOnUnsure, planUnsureJudge } from './unsure-judge';

/** Three searches: the second unsure and called redundant by the rules; under-search sure. */
const SOME_UNSURE: RowConfidence = {
  searches: 3,
  unsureSearches: [2],
  redundant: [2],
  underSearch: false,
  under: 'sure',
  reasons: ['search 2: Near-duplicate by word overlap (Jaccard 0.60), not the same words.'],
};
const ALL_SURE: RowConfidence = { ...SOME_UNSURE, unsureSearches: [], reasons: ['every verdict sure'] };
const UNDER_UNSURE: RowConfidence = { ...ALL_SURE, under: 'unsure', underSearch: false };

describe('planUnsureJudge', () => {
  const conf = new Map([
    ['a', ALL_SURE],
    ['b', SOME_UNSURE],
    ['c', UNDER_UNSURE],
    ['d', SOME_UNSURE],
  ]);

  it('asks about the filtered rows with an unsure verdict only, in table order', () => {
    const p = planUnsureJudge(['d', 'a', 'c', 'b'], conf, new Set());
    expect(p).toEqual({ unsure: ['d', 'c', 'b'], judged: 0, toAsk: ['d', 'c', 'b'] });
  });

  it('leaves out rows the filter dropped, even unsure ones, and rows it does not know', () => {
    expect(planUnsureJudge(['b', 'zz'], conf, new Set()).unsure).toEqual(['b']);
  });

  it('resumes: what the judge labelled is not asked again', () => {
    const p = planUnsureJudge(['a', 'b', 'c', 'd'], conf, new Set(['b', 'a']));
    expect(p).toEqual({ unsure: ['b', 'c', 'd'], judged: 1, toAsk: ['c', 'd'] });
    expect(planUnsureJudge(['b', 'c', 'd'], conf, new Set(['b', 'c', 'd'])).toAsk).toEqual([]);
  });
});

describe('judgeOnUnsure', () => {
  const judge = (labels: Array<'necessary' | 'redundant' | null>, under: boolean) => ({
    searches: labels.length,
    search_labels: labels,
    under_search: under,
  });

  it('compares the unsure verdicts only: a difference on a sure search is not a disagreement', () => {
    // Search 1 is sure (necessary by the rules), the judge calls it redundant: not compared.
    const j = judgeOnUnsure(SOME_UNSURE, judge(['redundant', 'redundant', 'necessary'], false));
    expect(j).toEqual({ mark: 'agrees', compared: 1, differences: [] });
  });

  it('names each unsure verdict where the judge and the rules differ', () => {
    expect(judgeOnUnsure(SOME_UNSURE, judge(['necessary', 'necessary', 'necessary'], true))).toEqual({
      mark: 'disagrees',
      compared: 1,
      differences: ['search 2: rules redundant, judge necessary'],
    });
    expect(judgeOnUnsure(UNDER_UNSURE, judge(['necessary', 'redundant', 'necessary'], true))).toEqual({
      mark: 'disagrees',
      compared: 1,
      differences: ['under-search: rules no, judge yes'],
    });
  });

  it('compares nothing without an unsure verdict, with another search count, or a rejected label', () => {
    expect(judgeOnUnsure(ALL_SURE, judge(['redundant', 'redundant', 'redundant'], true))).toBeNull();
    expect(judgeOnUnsure(SOME_UNSURE, judge(['necessary', 'necessary'], false))).toBeNull();
    expect(judgeOnUnsure(SOME_UNSURE, judge(['necessary', null, 'necessary'], false))).toBeNull();
  });
});
