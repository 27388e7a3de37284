import { describe, expect, it } from 'vitest';
import {
  agreement,
  annotatorAgreement,
  cohenKappa,
  fleissKappa,
  pairwiseAgreements,
  scores,
} from './agreement';
import { parseSearchLabels } from './search-labels';

describe('scores', () => {
  it('computes precision, recall and F1, null where undefined', () => {
    expect(scores({ tp: 8, fp: 0, fn: 1, tn: 30 })).toMatchObject({
      precision: 1,
      recall: 8 / 9,
      f1: 16 / 17,
    });
    expect(scores({ tp: 0, fp: 0, fn: 0, tn: 3 })).toMatchObject({ precision: null, recall: null, f1: null });
  });
});

describe('kappa', () => {
  it("Cohen's kappa matches a worked example", () => {
    // 50 items: both yes 20, both no 15, a-yes/b-no 5, a-no/b-yes 10 → po 0.7, pe 0.5 → 0.4.
    const a = [...Array(20).fill('y'), ...Array(15).fill('n'), ...Array(5).fill('y'), ...Array(10).fill('n')];
    const b = [...Array(20).fill('y'), ...Array(15).fill('n'), ...Array(5).fill('n'), ...Array(10).fill('y')];
    expect(cohenKappa(a, b)).toBeCloseTo(0.4, 10);
    expect(cohenKappa(['y', 'y'], ['y', 'y'])).toBeNull();
  });

  it("Fleiss' kappa matches Fleiss (1971)'s textbook table and equals 1 on full agreement", () => {
    // Wikipedia's worked example: 10 items, 14 raters, 5 categories → κ ≈ 0.210.
    const table = [
      [0, 0, 0, 0, 14],
      [0, 2, 6, 4, 2],
      [0, 0, 3, 5, 6],
      [0, 3, 9, 2, 0],
      [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0],
      [3, 2, 6, 3, 0],
      [2, 5, 3, 2, 2],
      [6, 5, 2, 1, 0],
      [0, 2, 2, 3, 7],
    ];
    const ratings = table.map((row) => row.flatMap((n, c) => Array<number>(n).fill(c)));
    expect(fleissKappa(ratings)).toBeCloseTo(0.21, 2);
    expect(
      fleissKappa([
        ['a', 'a', 'a'],
        ['b', 'b', 'b'],
      ]),
    ).toBe(1);
  });
});

describe('agreement', () => {
  const labels = parseSearchLabels(
    [
      '{"id":"f.jsonl#0","searches":2,"first_sufficient_search":1,"search_labels":["necessary","redundant"],"under_search":false}',
      '{"id":"f.jsonl#1","searches":1,"first_sufficient_search":null,"search_labels":["necessary"],"under_search":true}',
      '{"id":"f.jsonl#9","searches":0,"first_sufficient_search":0,"search_labels":[],"under_search":false}',
    ].join('\n'),
    'labels.jsonl',
  ).labels;

  it('scores over-search per search, under-search per trajectory and exact sufficiency points', () => {
    const a = agreement(
      [
        { id: 'f.jsonl#0', searches: 2, first_sufficient_search: 1, over_search: [2], under_search: false },
        { id: 'f.jsonl#1', searches: 1, first_sufficient_search: 1, over_search: [1], under_search: false },
      ],
      labels,
    );
    expect(a.trajectories).toBe(2);
    expect(a.unmatched).toEqual(['f.jsonl#9']);
    expect(a.overSearch).toMatchObject({ tp: 1, fp: 1, fn: 0, tn: 1 });
    expect(a.underSearch).toMatchObject({ tp: 0, fp: 0, fn: 1, tn: 1 });
    expect(a.sufficiency).toEqual({ exact: 1, total: 2, rate: 0.5 });
    expect(a.disagreements.map((d) => d.kind).sort()).toEqual(['over-search', 'sufficiency', 'under-search']);
  });
});

describe('parseSearchLabels', () => {
  it('names the line and field of each bad record and keeps the good ones', () => {
    const r = parseSearchLabels(
      [
        '{"id":"f.jsonl#0","searches":1,"first_sufficient_search":1,"search_labels":["necessary"],"under_search":false}',
        '{"id":"f.jsonl#1","searches":2,"first_sufficient_search":1,"search_labels":["necessary"],"under_search":false}',
        '{"id":"f.jsonl","searches":0,"first_sufficient_search":0,"search_labels":[],"under_search":false}',
        'not json',
        '{"id":"f.jsonl#3","searches":1,"first_sufficient_search":1,"search_labels":["maybe"],"under_search":false}',
      ].join('\n'),
      'l.jsonl',
    );
    expect(r.labels).toHaveLength(1);
    expect(r.issues.map((i) => [i.line, i.field ?? null])).toEqual([
      [2, 'search_labels'],
      [3, 'id'],
      [4, null],
      [5, 'search_labels.0'],
    ]);
    expect(r.issues[0]?.file).toBe('l.jsonl');
  });
});

describe('pairwiseAgreements', () => {
  const lt = (id: string, search_labels: Array<'necessary' | 'redundant'>, under_search = false) => ({
    id,
    searches: search_labels.length,
    first_sufficient_search: null,
    search_labels,
    under_search,
  });
  // Two annotators who labelled the same three trajectories, and a third who labelled one search
  // of another: over all three no trajectory is shared, so Fleiss' kappa has nothing to measure.
  const byAnnotator = new Map([
    ['ana', [lt('a', ['necessary', 'redundant']), lt('b', ['necessary']), lt('c', ['redundant'], true)]],
    ['ben', [lt('a', ['necessary', 'redundant']), lt('b', ['redundant']), lt('c', ['redundant'], true)]],
    ['cyd', [lt('z', ['necessary'])]],
  ]);

  it('keeps the two annotators who share items measured when a third appears', () => {
    expect(annotatorAgreement(byAnnotator).searches.items).toBe(0);
    const pairs = pairwiseAgreements(byAnnotator);
    expect(pairs.map((p) => p.annotators.join('+'))).toEqual(['ana+ben', 'ana+cyd', 'ben+cyd']);
    const [ab, ac] = pairs;
    expect(ab?.searches).toMatchObject({ items: 4, agreed: 3 });
    expect(ab?.searches.kappa).toBeCloseTo(
      cohenKappa(['n', 'r', 'n', 'r'], ['n', 'r', 'r', 'r']) as number,
      12,
    );
    expect(ab?.underSearch).toMatchObject({ items: 3, agreed: 3 });
    expect(ac?.searches).toEqual({ items: 0, agreed: 0, kappa: null });
  });
});
