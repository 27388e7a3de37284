import { describe, expect, it } from 'vitest';
import { hopscopeTrajectories } from '../../demo/build-demo';
import { applyEvent, buildTrajectory, emptyTrajectory } from '../schema/builder';
import type { Trajectory } from '../schema/trajectory';
import { Replay, replayEventStream, tokenChunks, withoutGold } from './replay';

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

  it('is made in slices: frames and stops ahead are made on demand, and the whole equals replayEvents', () => {
    const replay = new Replay(withPlan);
    expect(replay.last).toBe(0);
    expect(replay.complete).toBe(false);
    const stop = replay.nextStop(0, 1);
    expect(replay.last).toBeLessThan(stop + 3);
    expect(replay.frame(stop).t).toStrictEqual(buildFrames(withPlan)[stop]);
    while (!replay.extend(0));
    expect(replay.last).toBe(replayEvents(withPlan).length - 1);
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
