import { describe, expect, it } from 'vitest';
import { hopscopeTrajectories } from '../../demo/build-demo';
import { buildTrajectory } from '../schema/builder';
import { nextStop, replayEvents, replayFrames, stopFrames, tokenChunks, withoutGold } from './replay';

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
    const frames = replayFrames(withPlan);
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
    const frames = replayFrames(withPlan);
    const stops = stopFrames(frames);
    expect(stops.at(-1)).toBe(frames.length - 1);
    for (const s of stops) expect(frames[s]!.streamingStepId).toBeUndefined();
    expect(nextStop(stops, 0, -1)).toBe(stops[0]);
    expect(nextStop(stops, frames.length - 1, 1)).toBe(frames.length - 1);
    const mid = stops[3]!;
    expect(nextStop(stops, nextStop(stops, mid, 1), -1)).toBe(mid);
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
