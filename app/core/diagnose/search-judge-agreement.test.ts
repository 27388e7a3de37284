import { describe, expect, it } from 'vitest';
import type { LabelledTrajectory } from './agreement';
import { judgeVersusPerson } from './search-judge-agreement';

const lt = (
  id: string,
  search_labels: LabelledTrajectory['search_labels'],
  under_search: boolean,
  first_sufficient_search?: number | null,
): LabelledTrajectory => ({
  id,
  searches: search_labels.length,
  search_labels,
  under_search,
  ...(first_sufficient_search !== undefined ? { first_sufficient_search } : {}),
});

describe('judgeVersusPerson', () => {
  it('scores the judge against a person, leaving out what the judge left unset', () => {
    const judge = [lt('a', ['necessary', 'redundant'], false, 1), lt('b', [null, 'redundant'], true)];
    const person = [
      lt('a', ['necessary', 'redundant'], false, 1),
      lt('b', ['redundant', 'necessary'], false, 2),
      lt('c', ['necessary'], false, 1),
    ];
    const r = judgeVersusPerson('judge', judge, 'ana', person);
    // Searches: a1 tn, a2 tp, b1 unset by the judge, b2 fp.
    expect(r.scores.overSearch).toMatchObject({ tp: 1, fp: 1, fn: 0, tn: 1 });
    expect(r.scores.underSearch).toMatchObject({ tp: 0, fp: 1, fn: 0, tn: 1 });
    expect(r.scores.sufficiency).toMatchObject({ exact: 1, total: 1 });
    expect(r.kappa.searches).toMatchObject({ items: 3, agreed: 2 });
    expect(r.kappa.annotators).toEqual(['ana', 'judge']);
  });
});
