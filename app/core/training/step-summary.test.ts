import { describe, expect, it } from 'vitest';
import { summarizeEfficiency } from '../diagnose/efficiency';
import { type StepRow, searchDistribution, summarizeSteps } from './step-summary';
import { NO_EFF } from '../../testing/table-row';

const EFF: StepRow['eff'] = NO_EFF;

function row(fields: Partial<StepRow>): StepRow {
  return {
    run: 'r',
    trainStep: 1,
    acc: null,
    score: null,
    extras: {},
    rc: 0,
    eff: EFF,
    formatError: false,
    responseChars: 0,
    ...fields,
  };
}

describe('summarizeSteps', () => {
  it('groups by run and step, skips rows that are no training samples, and orders by run then step', () => {
    const out = summarizeSteps([
      row({ run: 'b', trainStep: 2 }),
      row({ run: 'a', trainStep: 10 }),
      row({ run: 'a', trainStep: 2 }),
      row({ run: '', trainStep: null }),
    ]);
    expect(out.map((s) => `${s.run}:${s.step}:${s.samples}`)).toEqual(['a:2:1', 'a:10:1', 'b:2:1']);
  });

  it('takes each rate over what its definition says', () => {
    const [s] = summarizeSteps([
      row({
        acc: 1,
        score: 1,
        rc: 3,
        extras: { format: 1, retrieval: 0.5 },
        eff: { ...EFF, searches: 3, redundant: 2, underSearch: 0, docs: 9, dupDocs: 3 },
        responseChars: 100,
      }),
      row({
        acc: 0,
        score: 0.2,
        rc: 1,
        extras: { format: 0 },
        eff: { ...EFF, searches: 1, underSearch: 1, docs: 3 },
        formatError: true,
        responseChars: 50,
      }),
      // No gold, no score, no answer: counts in samples, not in accuracy, score or under-search.
      row({ rc: 0, responseChars: 30 }),
    ]);
    expect(s).toMatchObject({
      samples: 3,
      graded: 2,
      accuracy: 0.5,
      mean_score: 0.6,
      searches_mean: 4 / 3,
      over_search_rate: 1 / 3,
      redundant_search_rate: 2 / 4,
      under_search_rate: 0.5,
      format_error_rate: 1 / 3,
      response_chars_mean: 60,
      duplicate_doc_rate: 3 / 12,
      extras: { format: 0.5, retrieval: 0.5 },
    });
    expect(s?.searches.hist).toEqual([1, 1, 0, 1]);
  });

  it("gives the table's efficiency rates for the step's rows (summarizeEfficiency, one derivation)", () => {
    const effs: Array<StepRow['eff']> = [
      { ...EFF, searches: 4, redundant: 2, underSearch: 0, docs: 10, dupDocs: 3 },
      { ...EFF, searches: 1, redundant: 0, underSearch: 1, docs: 5, dupDocs: 0 },
      { ...EFF, searches: 0, redundant: 0, underSearch: null, docs: 0, dupDocs: 0 },
    ];
    const [s] = summarizeSteps(effs.map((eff) => row({ eff })));
    const table = summarizeEfficiency(effs);
    expect([s?.redundant_search_rate, s?.under_search_rate, s?.duplicate_doc_rate]).toEqual([
      table.redundantRate.value,
      table.underSearchRate.value,
      table.dupDocRate.value,
    ]);
    expect(s?.redundant_search_rate).toBeCloseTo(2 / 5, 12);
  });

  it('says null where nothing is there to average', () => {
    const [s] = summarizeSteps([row({})]);
    expect(s).toMatchObject({
      accuracy: null,
      mean_score: null,
      redundant_search_rate: null,
      under_search_rate: null,
      duplicate_doc_rate: null,
    });
  });
});

describe('searchDistribution', () => {
  it('gives nearest-rank quantiles and a histogram', () => {
    const d = searchDistribution([4, 0, 1, 1, 2, 2, 2, 3, 3, 9]);
    expect(d).toMatchObject({ min: 0, p10: 0, p25: 1, p50: 2, p75: 3, p90: 4, max: 9 });
    expect(d.hist).toEqual([1, 2, 3, 2, 1, 0, 0, 0, 0, 1]);
  });
});
