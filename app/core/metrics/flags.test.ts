import { describe, expect, it } from 'vitest';
import { buildTrajectory, type StepInput, type TrajectoryEvent } from '../schema/builder';
import type { Doc, Gold, Trajectory } from '../schema/trajectory';
import {
  answerIsUninformative,
  type Flag,
  type FlagKind,
  flagTrajectory,
  jaccard,
  REPEATED_QUERY_JACCARD,
} from './flags';
import { trajectoryMetrics } from './trajectory-metrics';
import { diagnose } from '../diagnose/diagnose';

function doc(id: string, title: string, text: string, rank = 1): Doc {
  return { id, title, text, rank };
}

function traj(opts: {
  gold?: Gold;
  steps: StepInput[];
  answer?: string;
  plan?: Array<{ id: string; text: string; answer?: string }>;
  finish?: string;
}): Trajectory {
  const events: TrajectoryEvent[] = [
    {
      type: 'start',
      id: 't1',
      question: 'Who directed Jaws?',
      source: { kind: 'import' },
      agent: { strategy: 'test', params: {} },
      ...(opts.gold ? { gold: opts.gold } : {}),
    },
  ];
  if (opts.plan)
    events.push({ type: 'plan', nodes: opts.plan.map((n) => ({ ...n, dependsOn: [], status: 'done' })) });
  for (const step of opts.steps) events.push({ type: 'step', step });
  if (opts.answer !== undefined) events.push({ type: 'answer', text: opts.answer });
  if (opts.finish !== undefined) events.push({ type: 'finish', reason: opts.finish });
  return buildTrajectory(events);
}

const of = (flags: Flag[], kind: FlagKind): Flag[] => flags.filter((f) => f.kind === kind);

const JAWS = doc('d1', 'Jaws (film)', 'Jaws is a 1975 film directed by Steven Spielberg.');
const SHARK = doc('d2', 'Shark', 'Sharks are fish.', 2);
const SCHEIDER = doc('d3', 'Roy Scheider', 'Roy Scheider starred in Jaws.', 2);
const CAINE = doc('d4', 'Michael Caine', 'Michael Caine starred in Jaws: The Revenge.', 3);
const GOLD: Gold = { answers: ['Steven Spielberg'] };

describe('jaccard', () => {
  it('is |A∩B| / |A∪B|', () => {
    expect(jaccard(new Set(['a', 'b', 'c', 'd']), new Set(['a', 'b', 'c', 'd', 'e']))).toBe(0.8);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });
});

describe('repeated-query', () => {
  it('fires on the same normalized text and names both queries and steps', () => {
    const t = traj({
      steps: [
        { kind: 'search', queries: ['Jaws director'] },
        { kind: 'retrieve', docs: [JAWS] },
        { kind: 'search', queries: ['The Jaws director?'] },
      ],
      answer: 'x',
    });
    const [f, ...rest] = of(flagTrajectory(t), 'repeated-query');
    expect(rest).toEqual([]);
    expect(f?.stepId).toBe('s2');
    expect(f?.evidence).toContain('"The Jaws director?" (step 3)');
    expect(f?.evidence).toContain('"Jaws director" (step 1)');
    expect(f?.evidence).toContain('same normalized text');
  });

  it(`fires at token Jaccard ${REPEATED_QUERY_JACCARD} (4 shared of 5), also within one multi-query turn`, () => {
    const t = traj({
      steps: [{ kind: 'search', queries: ['spielberg birth year born', 'spielberg birth year born date'] }],
      answer: 'x',
    });
    const flags = of(flagTrajectory(t), 'repeated-query');
    expect(flags).toHaveLength(1);
    expect(flags[0]?.evidence).toContain('token Jaccard 0.80');
  });

  it('does not fire below the threshold (3 shared of 4 = 0.75)', () => {
    const t = traj({
      steps: [
        { kind: 'search', queries: ['spielberg birth year'] },
        { kind: 'search', queries: ['spielberg birth year place'] },
      ],
      answer: 'x',
    });
    expect(of(flagTrajectory(t), 'repeated-query')).toEqual([]);
  });
});

describe('no-new-docs', () => {
  it('fires on a retrieve step whose docs were all seen before', () => {
    const t = traj({
      steps: [
        { kind: 'retrieve', docs: [JAWS, SHARK] },
        {
          kind: 'retrieve',
          docs: [
            { ...SHARK, rank: 1 },
            { ...JAWS, rank: 2 },
          ],
        },
      ],
      answer: 'x',
    });
    const flags = of(flagTrajectory(t), 'no-new-docs');
    expect(flags).toEqual([
      { kind: 'no-new-docs', stepId: 's1', evidence: expect.stringContaining('All 2 docs') },
    ]);
  });

  it('does not fire when one doc is new', () => {
    const t = traj({
      steps: [
        { kind: 'retrieve', docs: [JAWS] },
        { kind: 'retrieve', docs: [JAWS, SHARK] },
      ],
      answer: 'x',
    });
    expect(of(flagTrajectory(t), 'no-new-docs')).toEqual([]);
  });
});

describe('over-search and under-search come from the detectors (app/core/diagnose)', () => {
  it("flags every search after the sufficiency point, on its step, with the detector's evidence", () => {
    const t = traj({
      gold: GOLD,
      steps: [
        { kind: 'search', queries: ['Jaws director'] },
        { kind: 'retrieve', docs: [JAWS] },
        { kind: 'search', queries: ['Steven Spielberg'] },
        { kind: 'retrieve', docs: [SCHEIDER] },
        { kind: 'search', queries: ['Spielberg films'] },
        { kind: 'answer', text: 'Steven Spielberg' },
      ],
      answer: 'Steven Spielberg',
    });
    const flags = of(flagTrajectory(t), 'over-search');
    expect(flags.map((f) => f.stepId)).toEqual(['s2', 's4']);
    expect(flags.map((f) => f.evidence)).toEqual(
      diagnose(t)
        .flags.filter((f) => f.kind === 'over-search')
        .map((f) => f.evidence),
    );
    expect(flags[0]?.evidence).toContain('"Jaws (film)" (search 1)');
  });

  it('does not flag when the answer arrives with the last search', () => {
    const t = traj({
      gold: GOLD,
      steps: [
        { kind: 'search', queries: ['Jaws cast'] },
        { kind: 'retrieve', docs: [SCHEIDER] },
        { kind: 'search', queries: ['Jaws director'] },
        { kind: 'retrieve', docs: [JAWS] },
      ],
      answer: 'Steven Spielberg',
    });
    expect(of(flagTrajectory(t), 'over-search')).toEqual([]);
  });

  const oneSearch: StepInput[] = [
    { kind: 'search', queries: ['Jaws actor'] },
    { kind: 'retrieve', docs: [SCHEIDER] },
    { kind: 'answer', text: 'Roy Scheider' },
  ];

  it('flags under-search on the answer step when the gold was never in hand', () => {
    const flags = of(
      flagTrajectory(traj({ gold: GOLD, steps: oneSearch, answer: 'Roy Scheider' })),
      'under-search',
    );
    expect(flags).toHaveLength(1);
    expect(flags[0]?.stepId).toBe('s2');
    expect(flags[0]?.evidence).toContain('"Roy Scheider" (search 1)');
    expect(flags[0]?.evidence).toContain('"Steven Spielberg"');
  });

  it('does not flag under-search without gold when a passage states the answer', () => {
    expect(of(flagTrajectory(traj({ steps: oneSearch, answer: 'Roy Scheider' })), 'under-search')).toEqual(
      [],
    );
  });

  it('flags under-search for a plan node without a search, naming the node', () => {
    const t = traj({
      plan: [
        { id: '1', text: 'Who directed Jaws?' },
        { id: '2', text: 'When was #1 born?', answer: '1946' },
      ],
      steps: [
        { kind: 'search', planNode: '1', queries: ['Jaws director'] },
        { kind: 'retrieve', planNode: '1', docs: [JAWS] },
        { kind: 'sub_answer', planNode: '1', text: 'Steven Spielberg' },
        { kind: 'sub_answer', planNode: '2', text: '1946' },
      ],
      answer: '1946',
    });
    const flags = of(flagTrajectory(t), 'under-search');
    expect(flags).toHaveLength(1);
    expect(flags[0]?.evidence).toContain('plan node 2 "When was #1 born?" (done) has no search step');
  });

  it('names the first unsearched plan nodes of a huge plan and counts the rest (a bounded line)', () => {
    const t = traj({
      plan: Array.from({ length: 200_000 }, (_, i) => ({ id: String(i + 1), text: `sub ${i + 1}` })),
      steps: [
        { kind: 'search', planNode: '1', queries: ['Jaws director'] },
        { kind: 'retrieve', planNode: '1', docs: [JAWS] },
      ],
      answer: '1946',
    });
    const evidence = of(flagTrajectory(t), 'under-search')[0]?.evidence ?? '';
    expect(evidence).toContain('plan node 2 "sub 2" (done) has no search step');
    expect(evidence).toContain('plan node 6 "sub 6"');
    expect(evidence).not.toContain('plan node 7 ');
    expect(evidence).toContain('and 199,994 more plan nodes with no search step.');
    // Every node named was an 11.8 MB line that the page laid out for 8 s.
    expect(evidence.length).toBeLessThan(1000);
  });

  it('does not flag when every plan node was searched and a passage states the answer', () => {
    const t = traj({
      plan: [{ id: '1', text: 'Who directed Jaws?' }],
      steps: [
        { kind: 'search', planNode: '1', queries: ['Jaws director'] },
        { kind: 'retrieve', planNode: '1', docs: [JAWS] },
      ],
      answer: 'Steven Spielberg',
    });
    expect(of(flagTrajectory(t), 'under-search')).toEqual([]);
  });
});

describe('wrong-entity', () => {
  it('fires on the step of a doc that holds the wrong answer but no gold answer', () => {
    const t = traj({
      gold: GOLD,
      steps: [
        { kind: 'search', queries: ['Jaws'] },
        { kind: 'retrieve', docs: [SHARK, SCHEIDER, CAINE] },
        { kind: 'search', queries: ['Jaws director'] },
        { kind: 'retrieve', docs: [JAWS] },
      ],
      answer: 'Roy Scheider',
    });
    const flags = of(flagTrajectory(t), 'wrong-entity');
    expect(flags).toHaveLength(1);
    expect(flags[0]?.stepId).toBe('s1');
    expect(flags[0]?.evidence).toContain('"Roy Scheider" appears in "Roy Scheider" (step 2)');
  });

  it('does not fire for a right answer, or a wrong one no doc mentions', () => {
    const steps: StepInput[] = [{ kind: 'retrieve', docs: [SCHEIDER] }];
    expect(
      of(flagTrajectory(traj({ gold: GOLD, steps, answer: 'Steven Spielberg' })), 'wrong-entity'),
    ).toEqual([]);
    expect(of(flagTrajectory(traj({ gold: GOLD, steps, answer: 'Michael Caine' })), 'wrong-entity')).toEqual(
      [],
    );
  });
});

describe('near-miss', () => {
  const SIEGE = doc(
    'd5',
    'Siege of Jerusalem (1099)',
    'The crusaders reached the walls; July 10, 1099 was a Sunday.',
  );
  const steps: StepInput[] = [
    { kind: 'search', queries: ['siege of Jerusalem 1099'] },
    { kind: 'retrieve', docs: [SIEGE] },
    { kind: 'answer', text: 'July 10, 1099' },
  ];

  it('replaces wrong-entity for the same date in another format, quoting both answers', () => {
    const t = traj({ gold: { answers: ['10 July 1099'] }, steps, answer: 'July 10, 1099' });
    const flags = flagTrajectory(t);
    expect(of(flags, 'wrong-entity')).toEqual([]);
    expect(of(flags, 'near-miss')).toEqual([
      {
        kind: 'near-miss',
        stepId: 's2',
        evidence: 'Answered "July 10, 1099", gold "10 July 1099": same date, different format (EM 0).',
      },
    ]);
  });

  it('still flags wrong-entity for a different date the docs mention', () => {
    const t = traj({ gold: { answers: ['15 July 1099'] }, steps, answer: 'July 10, 1099' });
    const flags = flagTrajectory(t);
    expect(of(flags, 'near-miss')).toEqual([]);
    expect(of(flags, 'wrong-entity')).toHaveLength(1);
  });

  it('is not raised for exact matches or without gold', () => {
    expect(of(flagTrajectory(traj({ gold: { answers: ['July 10, 1099'] }, steps })), 'near-miss')).toEqual(
      [],
    );
    expect(of(flagTrajectory(traj({ steps })), 'near-miss')).toEqual([]);
  });

  it('names an untitled doc by its rank, not an internal id', () => {
    const untitled: Doc = { id: 'h3d5', text: 'Roy Scheider starred in Jaws.', rank: 5 };
    const t = traj({ gold: GOLD, steps: [{ kind: 'retrieve', docs: [untitled] }], answer: 'Roy Scheider' });
    const [flag] = of(flagTrajectory(t), 'wrong-entity');
    expect(flag?.evidence).toContain('appears in untitled doc #5 (step 1)');
    expect(flag?.evidence).not.toContain('h3d5');
  });
});

describe('invalid-action and no-answer', () => {
  it('flags each invalid step, and a missing answer on the last step', () => {
    const t = traj({
      gold: GOLD,
      steps: [
        { kind: 'invalid', text: '<serch>Jaws</serch>', error: 'unparsable turn' },
        { kind: 'think', text: 'hmm' },
      ],
      finish: 'max_turns',
    });
    const flags = flagTrajectory(t);
    expect(of(flags, 'invalid-action')).toEqual([
      {
        kind: 'invalid-action',
        stepId: 's0',
        evidence: 'Step 1 is an invalid action: unparsable turn "<serch>Jaws</serch>".',
      },
    ]);
    expect(of(flags, 'no-answer')).toEqual([
      { kind: 'no-answer', stepId: 's1', evidence: 'No final answer after 2 step(s) (finish: max_turns).' },
    ]);
  });

  it('flags nothing on a clean, correct, one-search trajectory', () => {
    const t = traj({
      gold: GOLD,
      steps: [
        { kind: 'search', queries: ['Jaws director'] },
        { kind: 'retrieve', docs: [JAWS, SHARK] },
        { kind: 'answer', text: 'Steven Spielberg' },
      ],
      answer: 'Steven Spielberg',
    });
    expect(flagTrajectory(t)).toEqual([]);
  });
});

describe('flagTrajectory', () => {
  it('orders flags by step and accepts precomputed metrics', () => {
    const t = traj({
      gold: GOLD,
      steps: [
        { kind: 'search', queries: ['Jaws actor'] },
        { kind: 'retrieve', docs: [SCHEIDER] },
        { kind: 'invalid', text: 'oops' },
        { kind: 'search', queries: ['jaws actor'] },
      ],
      answer: 'Roy Scheider',
    });
    const flags = flagTrajectory(t, trajectoryMetrics(t));
    expect(flags.map((f) => [f.kind, f.stepId])).toEqual([
      ['wrong-entity', 's1'],
      ['invalid-action', 's2'],
      ['repeated-query', 's3'],
      ['over-search', 's3'],
      ['under-search', 's3'],
    ]);
  });
});

describe('answerIsUninformative', () => {
  it('comparison answers named in the question and yes/no answers', () => {
    expect(
      answerIsUninformative('Which is older, the Lisk Bridge or the Ambrel Bridge?', ['Ambrel Bridge']),
    ).toBe(true);
    expect(answerIsUninformative('Were both born in Casmere?', ['Yes'])).toBe(true);
    expect(answerIsUninformative('Where was Aurel Brisk born?', ['Tavish'])).toBe(false);
  });
});
