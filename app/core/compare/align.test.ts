import { describe, expect, it } from 'vitest';
import { trajectoryMetrics } from '../metrics/trajectory-metrics';
import { alignRuns } from './align';
import { plannedRun, run } from '../../testing/compare-runs';

const FOUNDER = ['Casmere Botanical Institute', 'Founded in 1879 by the botanist Ilse Varnholt.'] as [
  string,
  string,
];
const BIRTH = ['Ilse Varnholt', 'Ilse Varnholt was a botanist born in Tavish.'] as [string, string];

const good = (id: string) =>
  run({
    id,
    hops: [
      { query: 'Casmere Botanical Institute founder', docs: [FOUNDER, 'Casmere'] },
      { query: 'Ilse Varnholt birthplace', docs: [BIRTH, 'Tavish University'] },
    ],
    answer: 'Tavish',
  });

describe('alignRuns', () => {
  it('finds no divergence between identical runs, and every document is shared', () => {
    const a = alignRuns([good('a'), good('b')]);
    expect(a.divergence).toBeNull();
    expect(a.rows.map((r) => r.label)).toEqual(['hop 1', 'hop 2', 'answer']);
    for (const r of a.rows) for (const d of r.docs) expect(d.shared).toBe(2);
    // Different ids (a-h1d1, b-h1d1): matched by content, not by the positional ids of the logs.
    expect(a.docIdentity).toBe('content');
    expect(a.rows[0]?.docs[0]?.docs.map((d) => d?.id)).toEqual(['a-h1d1', 'b-h1d1']);
  });

  it('classifies a different query at the hop where it happens', () => {
    const b = run({
      id: 'b',
      hops: [
        { query: 'Casmere Botanical Institute founder', docs: [FOUNDER, 'Casmere'] },
        { query: 'Ilse Varnholt death', docs: ['Casmere'] },
      ],
      answer: 'Casmere',
    });
    const a = alignRuns([good('a'), b]);
    expect(a.divergence).toMatchObject({ row: 1, kind: 'query', sides: [1] });
    expect(a.divergence?.detail).toContain('Ilse Varnholt death');
    expect(a.rows[1]?.label).toBe('hop 2');
  });

  it('normalizes query text before comparing (case, punctuation, articles)', () => {
    const b = run({
      id: 'b',
      hops: [
        { query: 'the Casmere Botanical Institute: founder?', docs: [FOUNDER, 'Casmere'] },
        { query: 'Ilse Varnholt birthplace', docs: [BIRTH, 'Tavish University'] },
      ],
      answer: 'tavish',
    });
    expect(alignRuns([good('a'), b]).divergence).toBeNull();
  });

  it('classifies the same query with other documents as a documents divergence, shared docs on one line', () => {
    const b = run({
      id: 'b',
      hops: [
        { query: 'Casmere Botanical Institute founder', docs: ['Ambrel Bridge', FOUNDER] },
        { query: 'Ilse Varnholt birthplace', docs: [BIRTH, 'Tavish University'] },
      ],
      answer: 'Tavish',
    });
    const a = alignRuns([good('a'), b]);
    expect(a.divergence).toMatchObject({ row: 0, kind: 'documents', sides: [1] });
    expect(a.divergence?.detail).toBe('same query; 1 shared, 1 only in run 1, 1 only in run 2');
    const founder = a.rows[0]?.docs.find((d) => d.docs[0]?.title === FOUNDER[0]);
    expect(founder?.shared).toBe(2);
    expect(founder?.docs[1]?.rank).toBe(2);
  });

  it('classifies one run searching while the other answers as a decision divergence', () => {
    const early = run({
      id: 'b',
      hops: [{ query: 'Casmere Botanical Institute founder', docs: [FOUNDER, 'Casmere'] }],
      answer: 'Casmere',
    });
    const a = alignRuns([good('a'), early]);
    expect(a.divergence).toMatchObject({ row: 1, kind: 'decision', sides: [1] });
    expect(a.divergence?.detail).toBe('run 1 searches; run 2 does not');
    expect(a.rows[1]?.sides[1]).toBeNull();
  });

  it('classifies the same search path with another final answer as an answer divergence', () => {
    const b = good('b');
    const wrong = {
      ...b,
      answer: { text: 'Casmere' },
      steps: b.steps.map((s) => (s.kind === 'answer' ? { ...s, text: 'Casmere' } : s)),
    };
    const a = alignRuns([good('a'), wrong]);
    expect(a.divergence).toMatchObject({ kind: 'answer', sides: [1] });
    expect(a.rows[a.divergence?.row ?? -1]?.kind).toBe('answer');
    expect(a.runs[1]?.deltas.em).toBe(-1);
  });

  it('compares three runs: the divergence names the run that differs', () => {
    const c = run({
      id: 'c',
      hops: [
        { query: 'Casmere Botanical Institute founder', docs: [FOUNDER, 'Casmere'] },
        { query: 'Ilse Varnholt birthplace', docs: [BIRTH] },
      ],
      answer: 'Tavish',
    });
    const a = alignRuns([good('a'), good('b'), c]);
    expect(a.runs).toHaveLength(3);
    expect(a.divergence).toMatchObject({ row: 1, kind: 'documents', sides: [2] });
    expect(a.divergence?.detail).toBe('same query; 1 of 2 documents in every run');
    const tavishU = a.rows[1]?.docs.find((d) => d.docs[0]?.title === 'Tavish University');
    expect(tavishU?.shared).toBe(2);
    expect(tavishU?.docs[2]).toBeNull();
  });

  it('points a document one run lacks at a hop to where that run did retrieve it', () => {
    const late = run({
      id: 'b',
      hops: [
        { query: 'Casmere Botanical Institute founder', docs: ['Casmere'] },
        { query: 'Ilse Varnholt birthplace', docs: [BIRTH, FOUNDER] },
      ],
      answer: 'Tavish',
    });
    const a = alignRuns([good('a'), late]);
    const founder = a.rows[0]?.docs.find((d) => d.docs[0]?.title === FOUNDER[0]);
    expect(founder?.docs[1]).toBeNull();
    expect(founder?.elsewhere).toEqual([null, 1]);
    const founderLater = a.rows[1]?.docs.find((d) => d.docs[1]?.title === FOUNDER[0]);
    expect(founderLater?.elsewhere).toEqual([0, null]);
    const tavishU = a.rows[1]?.docs.find((d) => d.docs[0]?.title === 'Tavish University');
    expect(tavishU?.elsewhere).toEqual([null, null]);
  });

  it('puts think steps with the hop of their turn and answers in the answer row', () => {
    const a = alignRuns([good('a'), good('b')]);
    expect(a.rows[0]?.sides[0]?.steps.map((s) => s.kind)).toEqual(['think', 'search', 'retrieve']);
    expect(a.rows[2]?.sides[0]?.answer).toBe('Tavish');
  });
});

describe('run summaries', () => {
  it('marks the sufficiency point at the first search whose docs hold a gold answer', () => {
    const a = alignRuns([good('a'), good('b')]);
    // Hop 1 docs never say "Tavish"; Ilse Varnholt's passage in hop 2 does.
    expect(a.runs[0]?.sufficiency).toMatchObject({ status: 'at', search: 2, row: 1 });
  });

  it('says never when no document holds the answer, and no-gold without gold', () => {
    const never = run({ id: 'n', hops: [{ query: 'x', docs: ['Casmere'] }], answer: 'Casmere' });
    const noGold = run({
      id: 'g',
      gold: { answers: [] },
      hops: [{ query: 'x', docs: [BIRTH] }],
      answer: 'Tavish',
    });
    const a = alignRuns([never, noGold]);
    expect(a.runs[0]?.sufficiency).toEqual({ status: 'never' });
    expect(a.runs[1]?.sufficiency).toEqual({ status: 'no-gold' });
    expect(a.runs[0]?.coverage.answerRetrieved).toBe(false);
    expect(a.runs[1]?.coverage.answerRetrieved).toBeNull();
  });

  it('takes coverage and deltas from trajectoryMetrics, relative to the first run', () => {
    const gold = {
      answers: ['Tavish'],
      supporting: [{ title: 'Ilse Varnholt' }, { title: 'Casmere Botanical Institute' }],
    };
    const one = run({ id: 'a', gold, hops: [{ query: 'Ilse Varnholt', docs: [BIRTH] }], answer: 'Tavish' });
    const two = run({
      id: 'b',
      gold,
      hops: [
        { query: 'Casmere Botanical Institute founder', docs: [FOUNDER] },
        { query: 'Ilse Varnholt birthplace', docs: [BIRTH] },
      ],
      answer: 'Tavish',
    });
    const a = alignRuns([one, two]);
    expect(a.runs[0]?.coverage.goldPassageRecall).toBe(trajectoryMetrics(one).goldPassageRecall);
    expect(a.runs[0]?.coverage.goldPassageRecall).toBe(0.5);
    expect(a.runs[1]?.coverage.goldPassageRecall).toBe(1);
    expect(a.runs[1]?.deltas).toEqual({ em: 0, f1: 0, acc: 0, rc: 1, steps: 3 });
    expect(a.runs[0]?.deltas).toEqual({ em: null, f1: null, acc: null, rc: null, steps: null });
  });

  it('refuses fewer than two runs', () => {
    expect(() => alignRuns([good('a')])).toThrow(/at least two runs/);
  });
});

describe('plan-node alignment', () => {
  const founderNode = { id: '1', text: 'Who founded the Casmere Botanical Institute?' };
  const birthNode = { id: '2', text: 'In which town was #1 born?', dependsOn: ['1'] };
  const founderWork = {
    node: '1',
    hops: [{ query: 'Casmere Botanical Institute founder', docs: [FOUNDER] }],
    subAnswer: 'Ilse Varnholt',
  };
  const birthWork = (node: string) => ({
    node,
    hops: [{ query: 'Ilse Varnholt birthplace', docs: [BIRTH] }],
    subAnswer: 'Tavish',
  });

  it('aligns rows by matched plan node, then hop, and the final answer last', () => {
    const a = plannedRun({
      id: 'a',
      plan: [founderNode, birthNode],
      work: [founderWork, birthWork('2')],
      answer: 'Tavish',
    });
    const b = plannedRun({
      id: 'b',
      plan: [founderNode, birthNode],
      work: [founderWork, birthWork('2')],
      answer: 'Tavish',
    });
    const al = alignRuns([a, b]);
    expect(al.divergence).toBeNull();
    expect(al.rows.map((r) => r.label)).toEqual([
      'before searching',
      'sub-question 1 · hop 1',
      'sub-question 1 · hop 2',
      'sub-question 1 · answer',
      'sub-question 2 · hop 1',
      'sub-question 2 · hop 2',
      'sub-question 2 · answer',
      'answer',
    ]);
  });

  it('matches nodes by text when the plans number them differently, and flags the extra node', () => {
    const a = plannedRun({
      id: 'a',
      plan: [founderNode, birthNode],
      work: [founderWork, birthWork('2')],
      answer: 'Tavish',
    });
    // Run b plans an extra first step, so its founder node is "2" and its birth node "3".
    const b = plannedRun({
      id: 'b',
      plan: [
        { id: '1', text: 'What is the Casmere Botanical Institute?' },
        { id: '2', text: 'Who founded the Casmere Botanical Institute?' },
        { id: '3', text: 'In which town was #2 born?', dependsOn: ['2'] },
      ],
      work: [
        {
          node: '1',
          hops: [{ query: 'Casmere Botanical Institute', docs: [FOUNDER] }],
          subAnswer: 'a garden',
        },
        { ...founderWork, node: '2' },
        birthWork('3'),
      ],
      answer: 'Tavish',
    });
    const al = alignRuns([a, b]);
    expect(al.groups.map((g) => g.nodes.map((n) => n?.id ?? null))).toEqual([
      [null, null],
      [null, '1'],
      ['1', '2'],
      ['2', '3'],
    ]);
    expect(al.divergence).toMatchObject({ kind: 'decision', sides: [1] });
    expect(al.divergence?.detail).toBe('only run 2 plans “What is the Casmere Botanical Institute?”');
    expect(al.rows[al.divergence?.row ?? -1]?.label).toBe('sub-question 1 · hop 1');
  });

  it('compares stated decisions: stop versus continue at the same hop', () => {
    const a = plannedRun({ id: 'a', plan: [founderNode], work: [founderWork], answer: 'Ilse Varnholt' });
    const b = plannedRun({
      id: 'b',
      plan: [founderNode],
      work: [{ ...founderWork, stop: 'continue' }],
      answer: 'Ilse Varnholt',
    });
    const al = alignRuns([a, b]);
    expect(al.divergence).toMatchObject({ kind: 'decision', sides: [1] });
    expect(al.rows[al.divergence?.row ?? -1]?.label).toBe('sub-question 1 · hop 2');
  });

  it('aligns a planned run with a plan-less one by hop order across sub-questions', () => {
    const planned = plannedRun({
      id: 'a',
      plan: [founderNode, birthNode],
      work: [founderWork, birthWork('2')],
      answer: 'Tavish',
    });
    const al = alignRuns([planned, good('b')]);
    expect(al.groups).toHaveLength(1);
    const hop2 = al.rows.find((r) => r.label === 'hop 2');
    expect(hop2?.sides[0]?.queries).toEqual(['Ilse Varnholt birthplace']);
    expect(hop2?.sides[0]?.planNode).toBe('2');
    expect(hop2?.sides[1]?.queries).toEqual(['Ilse Varnholt birthplace']);
  });
});

describe('document identity', () => {
  it('uses the corpus ids when every run is a live run over the same question set', () => {
    const a = run({ id: 'a', live: true, hops: [{ query: 'q', docs: ['Casmere'] }], answer: 'Tavish' });
    const b = run({
      id: 'a',
      live: true,
      hops: [{ query: 'q', docs: [['Casmere', 'Another text.']] }],
      answer: 'Tavish',
    });
    const al = alignRuns([a, b]);
    expect(al.docIdentity).toBe('id');
    expect(al.rows[0]?.docs).toHaveLength(1);
    // The same two runs as imports: ids mean nothing across logs, the texts differ.
    const imported = alignRuns([
      { ...a, source: { kind: 'import' } },
      { ...b, source: { kind: 'import' } },
    ]);
    expect(imported.docIdentity).toBe('content');
    expect(imported.rows[0]?.docs).toHaveLength(2);
  });
});
