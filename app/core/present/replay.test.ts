import { describe, expect, it } from 'vitest';
import { hopscopeTrajectories } from '../../demo/build-demo';
import { applyEvent, buildTrajectory, emptyTrajectory } from '../schema/builder';
import type { Trajectory } from '../schema/trajectory';
import { nextStop, Replay, replayEvents, tokenChunks, withoutGold } from './replay';

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
    const replay = new Replay(withPlan);
    const frames = Array.from({ length: replay.length }, (_, i) => replay.frame(i));
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
    const replay = new Replay(withPlan);
    const frames = Array.from({ length: replay.length }, (_, i) => replay.frame(i));
    const stops = replay.stops;
    expect(stops.at(-1)).toBe(frames.length - 1);
    for (const s of stops) expect(frames[s]!.streamingStepId).toBeUndefined();
    expect(nextStop(stops, 0, -1)).toBe(stops[0]);
    expect(nextStop(stops, frames.length - 1, 1)).toBe(frames.length - 1);
    const mid = stops[3]!;
    expect(nextStop(stops, nextStop(stops, mid, 1), -1)).toBe(mid);
  });
});

describe('Replay frames on demand', () => {
  it('gives every frame the pure reducer gives, forward, backward and by jumps; snapshots stay put', () => {
    const replay = new Replay(withPlan);
    const expected: Trajectory[] = [];
    let cur = emptyTrajectory();
    for (const e of replay.events) expected.push((cur = applyEvent(cur, e)));
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
    const replay = new Replay(long);
    expect(replay.length).toBeGreaterThan(200_000);
    expect(replay.frame(replay.length - 1).t.steps).toHaveLength(100_000);
    expect(replay.frame(replay.stops[5]!).t.steps).toHaveLength(5);
  });
});

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
