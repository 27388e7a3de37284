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

describe('judgeVersusPerson on many trajectories', () => {
  it('matches the judge to the truth by id without comparing every pair', () => {
    const n = 400;
    let reads = 0;
    const counted = (l: LabelledTrajectory): LabelledTrajectory => {
      const { id, ...rest } = l;
      return Object.defineProperty({ ...rest }, 'id', {
        enumerable: true,
        get: () => {
          reads += 1;
          return id;
        },
      }) as LabelledTrajectory;
    };
    const judge = Array.from({ length: n }, (_, i) =>
      counted(lt(`t${i}`, ['necessary', 'redundant'], false)),
    );
    const person = Array.from({ length: n }, (_, i) => lt(`t${i}`, ['necessary', 'necessary'], false));
    const r = judgeVersusPerson('judge', judge, 'ana', person);
    expect(r.scores.trajectories).toBe(n);
    // Each of the judge's ids is read a few times, not once per person's trajectory.
    expect(reads).toBeLessThan(20 * n);
  });
});
