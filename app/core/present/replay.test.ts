import { describe, expect, it } from 'vitest';
import { hopscopeTrajectories } from '../../demo/build-demo';
import { MAX_DRAWN_NODES } from '../plan/plan-layout';
import { applyEvent, buildTrajectory, emptyTrajectory } from '../schema/builder';
import type { PlanNode, Step, Trajectory } from '../schema/trajectory';
import { withoutGold } from './hide-gold';
import { EXACT_PLAN_NODES } from './plan-beats';
import { Replay } from './replay';
import { replayEventStream, tokenChunks } from './replay-events';

const replayEvents = (t: Trajectory) => [...replayEventStream(t)];

/** A replay made whole, and its frame count. */
function complete(t: Trajectory): { replay: Replay; length: number } {
  const replay = new Replay(t);
  while (!replay.extend(5));
  return { replay, length: replay.last + 1 };
}

const withPlan = hopscopeTrajectories().find((t) => (t.plan?.length ?? 0) > 1)!;

describe('tokenChunks', () => {
  it('joins back to the text and cuts after whitespace', () => {
    const text = 'The capital of Veloria is Marrow, founded in 1820.';
    const chunks = tokenChunks(text);
    expect(chunks.join('')).toBe(text);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks.slice(0, -1)) expect(c).toMatch(/\s$/);
  });
  it('cuts a text without spaces into fixed pieces', () => {
    expect(tokenChunks('abcdefghijklm', 5)).toEqual(['abcde', 'fghij', 'klm']);
    expect(tokenChunks('')).toEqual([]);
  });
});

describe('replay', () => {
  it('rebuilds the stored trajectory through the reducer', () => {
    expect(withPlan).toBeDefined();
    const rebuilt = buildTrajectory(replayEvents(withPlan));
    expect(rebuilt.steps).toEqual(withPlan.steps);
    expect(rebuilt.plan).toEqual(withPlan.plan);
    expect(rebuilt.answer).toEqual(withPlan.answer);
    expect(rebuilt.question).toBe(withPlan.question);
  });

  it('grows: the plan starts pending, steps arrive one by one, text streams', () => {
    const { replay, length } = complete(withPlan);
    const frames = Array.from({ length }, (_, i) => replay.frame(i));
    const first = frames.find((f) => f.t.plan)!;
    expect(first.t.plan!.every((n) => n.status === 'pending')).toBe(true);
    const counts = frames.map((f) => f.t.steps.length);
    for (let i = 1; i < counts.length; i++) expect(counts[i]! - counts[i - 1]!).toBeLessThanOrEqual(1);
    expect(counts.at(-1)).toBe(withPlan.steps.length);
    expect(frames.some((f) => f.streamingStepId !== undefined)).toBe(true);
    expect(frames.at(-1)!.t.answer).toEqual(withPlan.answer);
    expect(frames.some((f) => f.t.plan?.some((n) => n.status === 'active'))).toBe(true);
  });

  it('stops land on whole steps, and stepping clamps at the ends', () => {
    const { replay, length } = complete(withPlan);
    const frames = Array.from({ length }, (_, i) => replay.frame(i));
    // The stops are exactly the frames whose next beat is not a token, walked either way.
    const stops = frames.flatMap((f, i) => (f.streamingStepId === undefined ? [i] : []));
    const forward = [0];
    while (forward.at(-1)! < length - 1) forward.push(replay.nextStop(forward.at(-1)!, 1));
    expect(forward).toEqual(stops);
    const backward = [length - 1];
    while (backward.at(-1)! > 0) backward.push(replay.nextStop(backward.at(-1)!, -1));
    expect(backward.reverse()).toEqual(stops);
    expect(stops.length).toBeGreaterThan(5);
    expect(stops.length).toBeLessThan(length);
    expect(replay.nextStop(0, -1)).toBe(0);
    expect(replay.nextStop(length - 1, 1)).toBe(length - 1);
    // From a frame inside a step's text, back lands on the stop before it.
    const inside = frames.findIndex((f) => f.streamingStepId !== undefined);
    expect(replay.nextStop(inside, -1)).toBe(Math.max(...stops.filter((s) => s < inside)));
  });

  it('is indexed in slices: frames and stops ahead are indexed on demand, and the whole equals replayEvents', () => {
    const replay = new Replay(withPlan);
    // The start and the plan, before any step is indexed.
    expect(replay.last).toBe(1);
    expect(replay.complete).toBe(false);
    const stop = replay.nextStop(0, 1);
    const total = replayEvents(withPlan).length;
    expect(replay.last).toBeLessThan(total / 4);
    expect(replay.frame(stop).t).toStrictEqual(buildFrames(withPlan)[stop]);
    while (!replay.extend(0));
    expect(replay.last).toBe(total - 1);
  });
});

describe('Replay frames on demand', () => {
  it('gives every frame the pure reducer gives, forward, backward and by jumps; snapshots stay put', () => {
    const { replay } = complete(withPlan);
    const expected = buildFrames(withPlan);
    const order = [...expected.keys(), ...[...expected.keys()].reverse(), 0, expected.length - 1, 3, 2, 40];
    const seen = order.map((i) => [i, replay.frame(i)] as const);
    for (const [i, f] of seen) {
      const want = expected[Math.min(i, expected.length - 1)]!;
      expect(f.t).toStrictEqual(want);
    }
    expect(replay.frame(-5).t).toStrictEqual(expected[0]);
    expect(replay.frame(10_000).t).toStrictEqual(expected.at(-1));
  });

  it('presents a 100,000-step trajectory without building every frame', () => {
    const long: Trajectory = {
      ...withPlan,
      plan: [],
      steps: Array.from({ length: 100_000 }, (_, i) => ({
        id: `s${i}`,
        index: i,
        kind: 'think' as const,
        text: `thought ${i}`,
      })),
    };
    delete long.plan;
    const { replay, length } = complete(long);
    expect(length).toBeGreaterThan(200_000);
    expect(replay.frame(length - 1).t.steps).toHaveLength(100_000);
    // Back one step from the end undoes its events only.
    const back = replay.nextStop(length - 1, -1);
    expect(replay.frame(back).t.steps).toHaveLength(100_000);
    expect(replay.frame(replay.nextStop(back, -1)).t.steps.at(-1)?.text).toBe('thought 99999');
    expect(replay.frame(0).t.steps).toHaveLength(0);
  });
});

describe('Replay frames match the fold on awkward shapes', () => {
  const step = (i: number, over: Partial<Step>): Step => ({ id: `s${i}`, index: i, kind: 'think', ...over });
  const node = (id: string, over: Partial<PlanNode> = {}): PlanNode => ({
    id,
    text: `do ${id}`,
    dependsOn: [],
    status: 'done',
    ...over,
  });
  const shapes: Record<string, Trajectory> = {
    // A node left and worked on again keeps its answer while active; repeated plan ids; a step
    // naming no node or an unknown one; nodes no step names, done or still pending.
    'revisited and repeated plan nodes': {
      ...withPlan,
      plan: [
        node('a', { answer: 'A', resolvedText: 'do A' }),
        node('b', { status: 'failed' }),
        node('a', { text: 'again a', status: 'skipped' }),
        node('c', { status: 'pending' }),
        node('d', { status: 'skipped', answer: 'never worked' }),
        node('e', { status: 'done', answer: 'E' }),
        node('e', { status: 'failed' }),
      ],
      steps: [
        step(0, { kind: 'plan', text: 'plan it' }),
        step(1, { planNode: 'a', text: 'first go at a' }),
        step(2, { planNode: 'b', kind: 'search', queries: ['b?'], text: 'search text is not streamed' }),
        step(3, { planNode: 'a', text: 'back to a with averyveryverylongwordthatisnotcut and more' }),
        step(4, { planNode: 'zz', text: 'an unknown node' }),
        step(5, { text: '' }),
        step(6, { planNode: 'b', kind: 'retrieve', docs: [{ id: 'd1', text: 'doc', rank: 1 }] }),
        step(7, { kind: 'answer', text: '  spaced   out  ' }),
      ],
      answer: { text: 'A', confidence: 0.4 },
      finishReason: 'max_turns',
      timing: { ms: 12, tokensOut: 3 },
    },
    // The same with unique ids (the common case, where a done node is the stored node itself).
    'revisited unique plan nodes': {
      ...withPlan,
      plan: [
        node('a', { answer: 'A', resolvedText: 'do A' }),
        node('b', { status: 'failed' }),
        node('c', { status: 'pending' }),
        node('d', { status: 'skipped', answer: 'never worked' }),
      ],
      steps: [
        step(0, { planNode: 'a', text: 'first go at a' }),
        step(1, { planNode: 'b', text: 'then b' }),
        step(2, { planNode: 'a', text: 'back to a' }),
        step(3, { planNode: 'b', text: 'b again' }),
        step(4, { text: 'synthesis' }),
      ],
      answer: { text: 'A' },
    },
    'no plan, no answer, misnumbered and id-less steps': {
      ...withPlan,
      plan: [],
      steps: [step(0, { index: 3, text: 'numbered wrong' }), step(1, { text: 'x' }), step(2, { index: 9 })],
      answer: undefined,
      finishReason: undefined,
      timing: undefined,
      gold: undefined,
      reported: undefined,
    },
    'no steps': { ...withPlan, steps: [] },
    // Many positions of one id, left and taken up again by many steps (each frame moves them all).
    'one id at many positions, revisited often': {
      ...withPlan,
      plan: [
        ...Array.from({ length: 12 }, (_, i) =>
          node('x', { text: `x${i}`, ...(i % 3 ? {} : { answer: `A${i}` }) }),
        ),
        node('y', { status: 'failed' }),
      ],
      steps: Array.from({ length: 60 }, (_, i) => step(i, { planNode: i % 2 ? 'x' : 'y', text: `s ${i}` })),
    },
  };
  for (const [name, t] of Object.entries(shapes))
    it(name, () => {
      const clean = JSON.parse(JSON.stringify(t)) as Trajectory;
      const expected = buildFrames(clean);
      const replay = new Replay(clean);
      // Out of order, before the index is complete: frames are indexed on demand.
      const order = [expected.length - 1, 2, ...expected.keys(), ...[...expected.keys()].reverse()];
      for (const i of order) expect(replay.frame(i).t, `frame ${i}`).toStrictEqual(expected[i]);
      expect(replay.complete).toBe(true);
      expect(replay.last).toBe(expected.length - 1);
      for (let i = 0; i < expected.length; i++) {
        const next = replayEvents(clean)[i + 1];
        expect(replay.streamingAt(i)).toBe(next?.type === 'step_token' ? next.stepId : undefined);
        expect(replay.has(i)).toBe(true);
      }
      expect(replay.has(expected.length)).toBe(false);
    });
});

describe('Replay of a plan longer than EXACT_PLAN_NODES', () => {
  const node = (id: string, over: Partial<PlanNode> = {}): PlanNode => ({
    id,
    text: `do ${id}`,
    dependsOn: [],
    status: 'done',
    answer: `answer of ${id}`,
    ...over,
  });
  const step = (i: number, planNode?: string): Step => ({
    id: `s${i}`,
    index: i,
    kind: 'think',
    text: `step ${i}`,
    ...(planNode ? { planNode } : {}),
  });
  for (const repeated of [false, true])
    it(`matches the fold except untouched nodes past the limit, shown as stored (${repeated ? 'repeated' : 'unique'} ids)`, () => {
      const exact = 6;
      const plan = Array.from({ length: 14 }, (_, i) =>
        node(repeated && i === 12 ? 'n9' : `n${i}`, i === 11 ? { status: 'pending', answer: undefined } : {}),
      ).map((n) => JSON.parse(JSON.stringify(n)) as PlanNode);
      // Worked on: one node before the limit, one after it (left and taken up again).
      const t: Trajectory = {
        ...withPlan,
        plan,
        steps: [step(0, 'n2'), step(1, 'n9'), step(2, 'n2'), step(3, 'n9'), step(4)],
        answer: { text: 'x' },
      };
      const expected = buildFrames(t);
      const replay = new Replay(t, exact);
      const order = [expected.length - 1, 3, ...expected.keys(), ...[...expected.keys()].reverse(), 0, 9];
      let differed = 0;
      for (const i of order) {
        const got = replay.frame(i).t;
        const want = expected[i]!;
        expect({ ...got, plan: undefined }, `frame ${i}`).toStrictEqual({ ...want, plan: undefined });
        if (!want.plan) {
          expect(got.plan).toBeUndefined();
          continue;
        }
        want.plan.forEach((w, p) => {
          const untouchedPastLimit = p >= exact && w.status === 'pending' && !('answer' in w);
          if (untouchedPastLimit && got.plan![p] !== w) {
            expect(got.plan![p], `frame ${i}, node ${p}`).toBe(plan[p]);
            if (plan[p]!.status !== 'pending') differed++;
          } else expect(got.plan![p], `frame ${i}, node ${p}`).toStrictEqual(w);
        });
      }
      // The shortcut is taken (untouched done nodes past the limit show as stored)...
      expect(differed).toBeGreaterThan(0);
      // ...and the node past the limit that steps work on is exact whenever it is touched.
      const active = expected.findIndex((f) => f.plan?.[9]?.status === 'active');
      expect(replay.frame(active).t.plan![9]).toStrictEqual(expected[active]!.plan![9]);
    });

  it('covers every node a presenter draws', () => {
    expect(EXACT_PLAN_NODES).toBeGreaterThanOrEqual(MAX_DRAWN_NODES);
  });
});

describe('Replay with steps that share an id', () => {
  it('shows each step with its own text (the fold would append the later tokens to both)', () => {
    const steps: Step[] = [
      { id: 'dup', index: 0, kind: 'think', text: 'one' },
      { id: 'dup', index: 1, kind: 'think', text: 'two words' },
    ];
    const t: Trajectory = { ...withPlan, plan: [], steps };
    const { replay, length } = complete(t);
    const frames = Array.from({ length }, (_, i) => replay.frame(i).t.steps);
    expect(frames.at(-1)).toStrictEqual(steps);
    const texts = frames.map((f) => f.map((s) => s.text));
    expect(texts).toContainEqual(['one', 'two ']);
    for (const f of texts) if (f.length === 2) expect(f[0]).toBe('one');
    // The fold differs exactly there: it appends step 1's tokens to step 0 as well.
    expect(buildFrames(t).at(-1)!.steps[0]!.text).toBe('onetwo words');
  });
});

/** Every frame of `t`'s replay by the pure reducer. */
function buildFrames(t: Trajectory): Trajectory[] {
  const out: Trajectory[] = [];
  let cur = emptyTrajectory();
  for (const e of replayEvents(t)) out.push((cur = applyEvent(cur, e)));
  return out;
}

describe('withoutGold', () => {
  it('drops gold and the gold / answer marks on documents, nothing else', () => {
    const t = hopscopeTrajectories().find((x) => x.steps.some((s) => s.docs?.some((d) => d.containsAnswer)))!;
    const hidden = withoutGold(t);
    expect(hidden.gold).toBeUndefined();
    const docs = hidden.steps.flatMap((s) => s.docs ?? []);
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.some((d) => d.gold !== undefined || d.containsAnswer !== undefined)).toBe(false);
    expect(docs.map((d) => d.text)).toEqual(t.steps.flatMap((s) => s.docs ?? []).map((d) => d.text));
  });
});
