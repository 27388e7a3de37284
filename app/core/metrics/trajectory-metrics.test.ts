import { describe, expect, it } from 'vitest';
import { buildTrajectory, type StepInput, type TrajectoryEvent } from '../schema/builder';
import type { Doc, Gold, Trajectory } from '../schema/trajectory';
import { parseDocs } from '../importers/formats/tagged-transcript';
import { meanMetrics, type TrajectoryMetrics, trajectoryMetrics } from './trajectory-metrics';

function doc(id: string, title: string, text: string, rank = 1): Doc {
  return { id, title, text, rank };
}

function traj(opts: { gold?: Gold; steps: StepInput[]; answer?: string }): Trajectory {
  const events: TrajectoryEvent[] = [
    {
      type: 'start',
      id: 't1',
      question: 'Who directed Jaws?',
      source: { kind: 'import' },
      agent: { strategy: 'search-r1', params: {} },
      ...(opts.gold ? { gold: opts.gold } : {}),
    },
    ...opts.steps.map((step): TrajectoryEvent => ({ type: 'step', step })),
  ];
  if (opts.answer !== undefined) events.push({ type: 'answer', text: opts.answer });
  return buildTrajectory(events);
}

const JAWS = doc('d1', 'Jaws (film)', 'Jaws is a 1975 film directed by Steven Spielberg.');
const SHARK = doc('d2', 'Shark', 'Sharks are fish.', 2);
const SCHEIDER = doc('d3', 'Roy Scheider', 'Roy Scheider starred in Jaws.', 2);

const GOLD: Gold = {
  answers: ['Steven Spielberg'],
  // HotpotQA lists one entry per supporting sentence: "Jaws (film)" twice is one passage.
  supporting: [{ title: 'Jaws (film)' }, { title: 'Jaws (Film)' }, { title: 'Steven Spielberg' }],
};

// Two search turns, the second with two queries; one repeated query and one duplicate doc.
const TWO_HOPS: StepInput[] = [
  { kind: 'think', text: 'I need the director.' },
  { kind: 'search', hop: 1, queries: ['Jaws director'] },
  { kind: 'retrieve', hop: 1, docs: [JAWS, SHARK] },
  { kind: 'search', hop: 2, queries: ['jaws director?', 'Jaws film 1975'] },
  { kind: 'retrieve', hop: 2, docs: [{ ...JAWS, id: 'd1b' }, SCHEIDER] },
  { kind: 'answer', text: 'Steven Spielberg' },
];

describe('trajectory F1 by dataset', () => {
  it("applies HotpotQA's yes/no rule to a HotpotQA trajectory only", () => {
    const t = traj({ gold: { answers: ['yes'] }, steps: [], answer: 'yes it is' });
    const on = (dataset: string) => trajectoryMetrics({ ...t, source: { ...t.source, dataset } }).f1;
    expect(on('hotpotqa')).toBe(0);
    expect(on('nq')).toBeCloseTo(0.5, 12);
    expect(trajectoryMetrics(t).f1).toBeCloseTo(0.5, 12);
  });
});

describe('judgeVerdict', () => {
  it("reads the log's own verdict, and nothing else", () => {
    const t = traj({ gold: GOLD, steps: TWO_HOPS, answer: 'x' });
    expect(trajectoryMetrics({ ...t, reported: { judge: true } }).judge).toBe(1);
    expect(trajectoryMetrics({ ...t, reported: { judge: false } }).judge).toBe(0);
    expect(trajectoryMetrics({ ...t, reported: { judge: 'maybe' } }).judge).toBeNull();
    expect(trajectoryMetrics(t).judge).toBeNull();
  });
});

describe('trajectoryMetrics', () => {
  it('counts a two-hop trajectory by hand', () => {
    const m = trajectoryMetrics(traj({ gold: GOLD, steps: TWO_HOPS, answer: 'steven spielberg.' }));
    expect(m).toEqual<TrajectoryMetrics>({
      em: 1,
      f1: 1,
      acc: 1,
      judge: null, // the record carries no judge verdict
      rc: 2, // two search steps; the 2-query turn counts once
      queries: 3,
      steps: 6,
      docs: 4,
      duplicateDocs: 1, // Jaws (film) again in hop 2 (same title + text, other id)
      repeatedQueries: 1, // "jaws director?" normalizes to "jaws director"
      answerRecall: 1,
      goldPassageRecall: 0.5, // 2 distinct passages; "Jaws (film)" retrieved, "Steven Spielberg" not
      // ExSearch R@k / P@k: each retrieval's top documents hold the answer once (its Jaws doc).
      r3: 1,
      r5: 1,
      p3: 1 / 3, // (1/3 + 1/3) / 2 retrievals
      p5: 1 / 5,
      invalidSteps: 0,
      hops: 2,
    });
  });

  it('scores a wrong answer: em 0, f1 by tokens, acc by containment', () => {
    const m = trajectoryMetrics(traj({ gold: GOLD, steps: TWO_HOPS, answer: 'Spielberg' }));
    // pred {spielberg} vs gold {steven, spielberg}: P 1, R 1/2 → F1 2/3; "spielberg" ∌ "steven spielberg".
    expect(m.em).toBe(0);
    expect(m.f1).toBeCloseTo(2 / 3, 12);
    expect(m.acc).toBe(0);
  });

  it('counts a CSV-quoted R1-Searcher passage toward gold-passage recall by its title', () => {
    const docs = parseDocs(
      '\n(1)"Title: Mary Poppins Opens the Door Text:  The ""Mary Poppins"" series."\n(2)Title: P. L. Travers Text: Author.',
      'h1',
    );
    const gold: Gold = {
      answers: ['P. L. Travers'],
      supporting: [{ title: 'Mary Poppins Opens the Door' }, { title: 'P.L. Travers' }],
    };
    const t = traj({ gold, steps: [{ kind: 'retrieve', hop: 1, docs }] });
    expect(t.steps[0]?.docs?.map((d) => d.gold)).toEqual([true, true]);
    expect(trajectoryMetrics(t).goldPassageRecall).toBe(1);
  });

  it('gives 0, not null, when there is gold but no answer', () => {
    const m = trajectoryMetrics(
      traj({
        gold: GOLD,
        steps: [
          { kind: 'search', queries: ['x'] },
          { kind: 'invalid', text: '<serch>' },
        ],
      }),
    );
    expect([m.em, m.f1, m.acc]).toEqual([0, 0, 0]);
    expect(m.answerRecall).toBe(0); // no docs at all
    expect(m.goldPassageRecall).toBe(0);
    expect(m.invalidSteps).toBe(1);
    expect(m.hops).toBe(0); // no step carries a hop
    expect(m.docs).toBe(0);
  });

  it('gives null scores and recalls without gold', () => {
    const m = trajectoryMetrics(traj({ steps: TWO_HOPS, answer: 'Steven Spielberg' }));
    expect([m.em, m.f1, m.acc, m.answerRecall, m.goldPassageRecall]).toEqual([null, null, null, null, null]);
    expect(m.rc).toBe(2);
  });

  it('gives null gold-passage recall when gold has answers but no supporting passages', () => {
    const m = trajectoryMetrics(
      traj({ gold: { answers: ['Steven Spielberg'] }, steps: TWO_HOPS, answer: 'x' }),
    );
    expect(m.goldPassageRecall).toBeNull();
    expect(m.answerRecall).toBe(1);
  });

  it('matches gold passages by doc id too', () => {
    const gold: Gold = { answers: ['Steven Spielberg'], supporting: [{ docId: 'd3' }, { docId: 'nope' }] };
    expect(trajectoryMetrics(traj({ gold, steps: TWO_HOPS, answer: 'x' })).goldPassageRecall).toBe(0.5);
  });

  it('is 0 answer recall when no retrieved doc holds a gold answer', () => {
    const steps: StepInput[] = [
      { kind: 'search', queries: ['sharks'] },
      { kind: 'retrieve', docs: [SHARK, SCHEIDER] },
    ];
    expect(trajectoryMetrics(traj({ gold: GOLD, steps, answer: 'Roy Scheider' })).answerRecall).toBe(0);
  });

  it('falls back to the last answer step when the trajectory has no answer field', () => {
    const m = trajectoryMetrics(traj({ gold: GOLD, steps: TWO_HOPS }));
    expect(m.em).toBe(1);
  });

  it('treats a blank answer as no answer', () => {
    const m = trajectoryMetrics(traj({ gold: GOLD, steps: [], answer: '  ' }));
    expect(m.em).toBe(0);
    expect(m.steps).toBe(0);
  });

  it('counts a search step without queries by its text', () => {
    const steps: StepInput[] = [
      { kind: 'search', text: 'Jaws director' },
      { kind: 'search', text: 'The Jaws director' },
    ];
    const m = trajectoryMetrics(traj({ steps }));
    expect([m.rc, m.queries, m.repeatedQueries]).toEqual([2, 2, 1]);
  });
});

describe('meanMetrics', () => {
  const base = trajectoryMetrics(traj({ steps: [] }));
  it('averages em/f1/acc/rc ignoring nulls', () => {
    const list: TrajectoryMetrics[] = [
      { ...base, em: 1, f1: 1, acc: 1, judge: 1, rc: 2, r3: 1, r5: 1, p3: 1 / 3, p5: 0.2 },
      { ...base, em: null, f1: null, acc: null, judge: 0, rc: 0, r3: null, r5: null, p3: null, p5: null },
      { ...base, em: 0, f1: 0.5, acc: 1, judge: null, rc: 1, r3: 0, r5: 1, p3: 0, p5: 0.4 },
    ];
    expect(meanMetrics(list)).toEqual({
      em: 0.5,
      f1: 0.75,
      acc: 1,
      judge: 0.5,
      rc: 1,
      r3: 0.5,
      r5: 1,
      p3: 1 / 6,
      p5: (0.2 + 0.4) / 2,
      count: 3,
    });
  });

  it('is null when there is nothing to average', () => {
    expect(meanMetrics([])).toEqual({
      em: null,
      f1: null,
      acc: null,
      judge: null,
      rc: null,
      r3: null,
      r5: null,
      p3: null,
      p5: null,
      count: 0,
    });
    expect(meanMetrics([base]).em).toBeNull();
    expect(meanMetrics([base]).rc).toBe(0);
  });
});
