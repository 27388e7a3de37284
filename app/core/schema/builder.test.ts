import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  buildTrajectory,
  emptyTrajectory,
  finalizeTrajectory,
  TrajectoryFolder,
  TrajectoryLimitError,
  type TrajectoryEvent,
} from './builder';
import type { Doc, Trajectory } from './trajectory';

const doc = (id: string, title: string, text: string, rank: number): Doc => ({ id, title, text, rank });

const start: TrajectoryEvent = {
  type: 'start',
  question: 'Which river flows past the birthplace of Ilse Marrow?',
  source: { kind: 'live', format: 'apex' },
  agent: { strategy: 'apex', params: { hops: 2 } },
  gold: { answers: ['Sable Reach'], supporting: [{ title: 'Dunhollow' }, { docId: 'w201' }] },
};

/** An APEX-style run: a two-node plan, streamed thinking, two hops, an answer. */
const events: TrajectoryEvent[] = [
  start,
  {
    type: 'plan',
    nodes: [
      { id: '1', text: 'Where was Ilse Marrow born?', dependsOn: [] },
      { id: '2', text: 'Which river flows past #1?', dependsOn: ['1'] },
    ],
  },
  { type: 'plan_node', id: '1', patch: { status: 'active' } },
  { type: 'step', step: { kind: 'search', planNode: '1', hop: 1, queries: ['Ilse Marrow birthplace'] } },
  {
    type: 'step',
    step: {
      kind: 'retrieve',
      planNode: '1',
      hop: 1,
      docs: [
        doc('w201', 'Ilse Marrow', 'Ilse Marrow was born in Dunhollow.', 1),
        doc('w301', 'Dunhollow', 'Dunhollow is a village at the mouth of the Sable Reach.', 2),
      ],
    },
  },
  { type: 'step', step: { id: 'think-1', kind: 'think', planNode: '1' } },
  { type: 'step_token', stepId: 'think-1', text: 'Born in ' },
  { type: 'step_token', stepId: 'think-1', text: 'Dunhollow.' },
  { type: 'step_update', stepId: 'think-1', patch: { ms: 120 } },
  { type: 'plan_node', id: '1', patch: { status: 'done', answer: 'Dunhollow' } },
  {
    type: 'plan_node',
    id: '2',
    patch: { status: 'active', resolvedText: 'Which river flows past Dunhollow?' },
  },
  { type: 'step', step: { kind: 'search', planNode: '2', hop: 1, queries: ['Dunhollow river'] } },
  {
    type: 'step',
    step: {
      kind: 'retrieve',
      planNode: '2',
      hop: 1,
      docs: [
        // Same passage as w301 after normalization (case, punctuation, articles), other id.
        doc('x9', 'DUNHOLLOW', 'Dunhollow is a village at the mouth of the Sable Reach!', 1),
        doc('w401', 'Moorfield', 'The Sable Reach is a river in the north.', 2),
        doc('w402', 'Harrow Fells', 'The Harrow Fells are hills.', 3),
      ],
    },
  },
  { type: 'answer', text: 'Sable Reach', confidence: 0.8 },
  { type: 'finish', reason: 'answer', timing: { ms: 1500 } },
];

const flags = (t: Trajectory, stepId: string) =>
  t.steps.find((s) => s.id === stepId)!.docs!.map((d) => [d.id, d.duplicate, d.containsAnswer, d.gold]);

describe('buildTrajectory', () => {
  const t = buildTrajectory(events);

  it('fills the header from start, answer and finish', () => {
    expect(t.schema).toBe('hopscope.trajectory/1');
    expect(t.question).toBe('Which river flows past the birthplace of Ilse Marrow?');
    expect(t.agent).toEqual({ strategy: 'apex', params: { hops: 2 } });
    expect(t.answer).toEqual({ text: 'Sable Reach', confidence: 0.8 });
    expect(t.finishReason).toBe('answer');
    expect(t.timing).toEqual({ ms: 1500 });
  });

  it('applies plan node patches over the default pending status', () => {
    expect(t.plan).toEqual([
      { id: '1', text: 'Where was Ilse Marrow born?', dependsOn: [], status: 'done', answer: 'Dunhollow' },
      {
        id: '2',
        text: 'Which river flows past #1?',
        dependsOn: ['1'],
        status: 'active',
        resolvedText: 'Which river flows past Dunhollow?',
      },
    ]);
  });

  it('numbers steps in order, keeps given ids, and concatenates streamed tokens', () => {
    expect(t.steps.map((s) => [s.id, s.index, s.kind])).toEqual([
      ['s0', 0, 'search'],
      ['s1', 1, 'retrieve'],
      ['think-1', 2, 'think'],
      ['s3', 3, 'search'],
      ['s4', 4, 'retrieve'],
    ]);
    expect(t.steps[2]).toEqual({
      id: 'think-1',
      index: 2,
      kind: 'think',
      planNode: '1',
      text: 'Born in Dunhollow.',
      ms: 120,
    });
  });

  it('marks [duplicate, containsAnswer, gold] on each doc', () => {
    expect(flags(t, 's1')).toEqual([
      ['w201', false, false, true], // gold by docId
      ['w301', false, true, true], // gold by title; holds "Sable Reach"
    ]);
    expect(flags(t, 's4')).toEqual([
      ['x9', true, true, true], // seen in the earlier hop as w301
      ['w401', false, true, false],
      ['w402', false, false, false],
    ]);
  });

  it('gets a deterministic content id when none is given, and keeps a given one', () => {
    expect(t.id).toMatch(/^t_[0-9a-z]+$/);
    expect(buildTrajectory(events).id).toBe(t.id);
    const other = buildTrajectory([{ ...start, question: 'Another question?' }, ...events.slice(1)]);
    expect(other.id).not.toBe(t.id);
    expect(buildTrajectory([{ ...start, id: 'run-7' }, ...events.slice(1)]).id).toBe('run-7');
  });
});

describe('finalizeTrajectory', () => {
  const base = (docsPerStep: Doc[][], gold?: Trajectory['gold']): Trajectory => ({
    ...emptyTrajectory(),
    id: 'x',
    question: 'q',
    ...(gold ? { gold } : {}),
    steps: docsPerStep.map((docs, i) => ({ id: `s${i}`, index: i, kind: 'retrieve' as const, docs })),
  });

  it('does not mark a doc repeated within one step as a duplicate, only across steps', () => {
    const d = doc('a', 'T', 'same text', 1);
    const t = finalizeTrajectory(base([[d, { ...d, rank: 2 }], [{ ...d, id: 'b' }]]));
    expect(t.steps.map((s) => s.docs!.map((x) => x.duplicate))).toEqual([[false, false], [true]]);
  });

  it('leaves containsAnswer and gold unset without gold data, and keeps flags the importer set', () => {
    const d = doc('a', 'T', 'Paris', 1);
    const noGold = finalizeTrajectory(base([[d]]));
    expect(noGold.steps[0]!.docs![0]).toEqual({ ...d, duplicate: false });
    const preset = finalizeTrajectory(
      base([[{ ...d, containsAnswer: false, gold: true }], [{ ...d, duplicate: false }]], {
        answers: ['Paris'],
      }),
    );
    expect(flags(preset, 's0')).toEqual([['a', false, false, true]]);
    expect(flags(preset, 's1')).toEqual([['a', false, true, undefined]]);
  });

  it('matches gold answers on word boundaries after normalization', () => {
    const t = finalizeTrajectory(
      base([[doc('a', 'X', 'Parisian cafes', 1), doc('b', 'Y', 'in PARIS, France', 2)]], {
        answers: ['paris'],
      }),
    );
    expect(flags(t, 's0').map((f) => f[2])).toEqual([false, true]);
  });

  it('marks gold passages by normalized title: case, punctuation, spacing, HTML references', () => {
    const docs = [
      doc('a', 'Tom &amp; Jerry', 'x', 1),
      doc('b', 'OCEAN&#39;S  ELEVEN', 'y', 2),
      doc('c', 'Mary_Poppins', 'z', 3),
      doc('d', 'The Who', 'w', 4),
    ];
    const gold = {
      answers: ['q'],
      supporting: [
        { title: 'Tom & Jerry' },
        { title: "Ocean's Eleven" },
        { title: 'Mary Poppins' },
        { title: 'Who' },
      ],
    };
    const t = finalizeTrajectory(base([docs], gold));
    expect(flags(t, 's0').map((f) => f[3])).toEqual([true, true, true, false]);
  });
});

describe('applyEvent', () => {
  it('never mutates its input', () => {
    let t = emptyTrajectory();
    for (const e of events) {
      const before = JSON.stringify(t);
      const next = applyEvent(t, e);
      expect(JSON.stringify(t)).toBe(before);
      t = next;
    }
  });

  it('ignores tokens for an unknown step and omits an absent confidence', () => {
    const t0 = applyEvent(emptyTrajectory(), { type: 'step', step: { kind: 'think', text: 'a' } });
    const t1 = applyEvent(t0, { type: 'step_token', stepId: 'nope', text: 'b' });
    expect(t1.steps).toEqual([{ id: 's0', index: 0, kind: 'think', text: 'a' }]);
    expect(applyEvent(t1, { type: 'answer', text: 'x' }).answer).toEqual({ text: 'x' });
  });

  it('a snapshot replaces the whole trajectory', () => {
    const snap: Trajectory = { ...emptyTrajectory(), id: 'snap', question: 'q?' };
    expect(applyEvent(buildTrajectory(events), { type: 'snapshot', trajectory: snap })).toBe(snap);
  });
});

describe('TrajectoryFolder', () => {
  const foldPure = (es: TrajectoryEvent[]) => es.reduce(applyEvent, emptyTrajectory());

  it('folds to exactly what applyEvent folds, including repeated ids and a snapshot', () => {
    const extra: TrajectoryEvent[] = [
      { type: 'step', step: { id: 'dup', kind: 'think', text: 'a' } },
      { type: 'step', step: { id: 'dup', kind: 'think', text: 'b' } },
      { type: 'step_token', stepId: 'dup', text: '!' },
      { type: 'plan_node', id: 'missing', patch: { status: 'done' } },
    ];
    const all = [...events, ...extra];
    const f = new TrajectoryFolder();
    for (const e of all) f.apply(e);
    expect(f.draft).toEqual(foldPure(all));
    expect(buildTrajectory(all)).toEqual(finalizeTrajectory(foldPure(all)));
  });

  it('appends in place: earlier steps are never copied when a step or a token arrives', () => {
    const f = new TrajectoryFolder();
    f.apply(start);
    f.apply({ type: 'step', step: { id: 'first', kind: 'think', text: 'x' } });
    const steps = f.draft.steps;
    const first = steps[0];
    for (let i = 0; i < 1000; i++) f.apply({ type: 'step', step: { kind: 'think', text: String(i) } });
    f.apply({ type: 'step_token', stepId: 's500', text: '+' });
    expect(f.draft.steps).toBe(steps);
    expect(f.draft.steps[0]).toBe(first);
    expect(f.draft.steps[500]?.text).toBe('499+');
    expect(f.draft.steps).toHaveLength(1001);
  });

  it('never mutates the events, nor a snapshot it was given', () => {
    const snap: Trajectory = { ...emptyTrajectory(), id: 'snap', steps: [] };
    const step: TrajectoryEvent = { type: 'step', step: { kind: 'think', text: 'a' } };
    const f = new TrajectoryFolder();
    f.apply({ type: 'snapshot', trajectory: snap });
    f.apply(step);
    f.apply({ type: 'step_token', stepId: 's0', text: 'b' });
    expect(snap.steps).toEqual([]);
    expect(step).toEqual({ type: 'step', step: { kind: 'think', text: 'a' } });
    expect(f.draft.steps[0]?.text).toBe('ab');
  });

  it('refuses a record past the step limit with a message that says so', () => {
    const f = new TrajectoryFolder(3);
    for (let i = 0; i < 3; i++) f.apply({ type: 'step', step: { kind: 'think' } });
    expect(() => f.apply({ type: 'step', step: { kind: 'think' } })).toThrow(TrajectoryLimitError);
    expect(() => f.apply({ type: 'step', step: { kind: 'think' } })).toThrow(/more than 3 steps/);
  });
});
