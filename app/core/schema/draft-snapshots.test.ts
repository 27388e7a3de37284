import { describe, expect, it } from 'vitest';
import { VELTMARK_LIVE_START } from '../../testing/live-start';
import { finalizeStep, finalizeTrajectory, type TrajectoryEvent, TrajectoryFolder } from './builder';
import { DraftSnapshots } from './draft-snapshots';

const doc = (title: string, rank: number) => ({
  id: `${title}-${rank}`,
  title,
  text: `${title} is a page.`,
  rank,
});

/** A run that searches, retrieves (a duplicate and a gold doc among them), streams and answers. */
const EVENTS: TrajectoryEvent[] = [
  VELTMARK_LIVE_START,
  { type: 'step', step: { id: 's0', kind: 'think', text: '' } },
  ...'I should look it up'
    .split(' ')
    .map((w): TrajectoryEvent => ({ type: 'step_token', stepId: 's0', text: `${w} ` })),
  { type: 'step', step: { id: 's1', kind: 'search', queries: ['Veltmark Press'] } },
  {
    type: 'step',
    step: { id: 's2', kind: 'retrieve', docs: [doc('Veltmark Press', 1), doc('Ilse Marrow', 2)] },
  },
  { type: 'step', step: { id: 's3', kind: 'search', queries: ['Veltmark Press founder'] } },
  {
    type: 'step',
    step: { id: 's4', kind: 'retrieve', docs: [doc('Veltmark Press', 1), doc('Printing', 2)] },
  },
  { type: 'step', step: { id: 's5', kind: 'think', text: '' } },
  ...'It was Ilse Marrow'
    .split(' ')
    .map((w): TrajectoryEvent => ({ type: 'step_token', stepId: 's5', text: `${w} ` })),
  { type: 'step_update', stepId: 's5', patch: { ms: 12 } },
  { type: 'answer', text: 'Ilse Marrow' },
  { type: 'finish', reason: 'answer' },
];

/** Counts the step finalizations a snapshotter makes. */
function counting() {
  const calls: string[] = [];
  const snaps = new DraftSnapshots((s, marks, seen) => {
    calls.push(s.id);
    return finalizeStep(s, marks, seen);
  });
  return { calls, snaps };
}

describe('DraftSnapshots', () => {
  it('equals finalizeTrajectory after every event, finalizing a step only when it changed', () => {
    const folder = new TrajectoryFolder();
    const { calls, snaps } = counting();
    let changes = 0;
    let whole = 0;
    for (const e of EVENTS) {
      const before = folder.draft.steps.slice();
      folder.apply(e);
      // A step changes when it arrives or is replaced (a token, an update); nothing else does.
      const after = folder.draft.steps;
      changes += after.filter((s, i) => s !== before[i]).length;
      expect(snaps.of(folder.draft)).toEqual(finalizeTrajectory(folder.draft));
      whole += after.length;
    }
    expect(calls).toHaveLength(changes);
    // 6 steps arrive, 5 + 4 tokens and one update replace a step: 16 finalizations, where
    // finalizing the whole draft after each event took 68.
    expect(calls).toHaveLength(16);
    expect(whole).toBe(68);
    const final = snaps.of(folder.draft);
    expect(final.steps[4]?.docs?.map((d) => d.duplicate)).toEqual([true, false]);
    expect(final.steps[2]?.docs?.map((d) => [d.gold, d.containsAnswer])).toEqual([
      [false, false],
      [true, true],
    ]);
  });

  it('keeps the finalized objects of unchanged steps, and the whole snapshot when nothing changed', () => {
    const folder = new TrajectoryFolder();
    const snaps = new DraftSnapshots();
    for (const e of EVENTS.slice(0, -6)) folder.apply(e);
    const a = snaps.of(folder.draft);
    expect(snaps.of(folder.draft)).toBe(a);
    folder.apply({ type: 'step_token', stepId: 's5', text: 'more' });
    const b = snaps.of(folder.draft);
    expect(b).not.toBe(a);
    expect(b.steps.slice(0, 5)).toEqual(a.steps.slice(0, 5));
    for (let i = 0; i < 5; i++) expect(b.steps[i]).toBe(a.steps[i]);
    expect(b.steps[5]?.text).toMatch(/more$/);
    // The snapshot's array is its own: later events never change a snapshot already taken.
    folder.apply({ type: 'step', step: { id: 's6', kind: 'answer', text: 'x' } });
    expect(b.steps).toHaveLength(6);
  });

  it('re-marks the later steps when an earlier step changes its docs, and all when the gold changes', () => {
    const folder = new TrajectoryFolder();
    const snaps = new DraftSnapshots();
    for (const e of EVENTS.slice(0, -6)) folder.apply(e);
    snaps.of(folder.draft);
    // Step 3's docs no longer hold Veltmark Press: step 5's copy of it is new now.
    folder.apply({ type: 'step_update', stepId: 's2', patch: { docs: [doc('Ilse Marrow', 1)] } });
    const t = snaps.of(folder.draft);
    expect(t).toEqual(finalizeTrajectory(folder.draft));
    expect(t.steps[4]?.docs?.[0]?.duplicate).toBe(false);
    folder.apply({
      type: 'start',
      id: 'live-1',
      question: 'Who founded Veltmark Press?',
      source: { kind: 'live' },
      agent: { strategy: 'search-r1', params: {} },
      gold: { answers: ['Printing'] },
    });
    const g = snaps.of(folder.draft);
    expect(g).toEqual(finalizeTrajectory(folder.draft));
    expect(g.steps[4]?.docs?.map((d) => d.containsAnswer)).toEqual([false, true]);
  });

  it('copies a plan whose nodes change, and gives a draft without an id its content id', () => {
    const folder = new TrajectoryFolder();
    const snaps = new DraftSnapshots();
    folder.apply({
      type: 'start',
      question: 'q',
      source: { kind: 'live' },
      agent: { strategy: 'apex', params: {} },
    });
    folder.apply({ type: 'plan', nodes: [{ id: '1', text: 'A?', dependsOn: [] }] });
    const a = snaps.of(folder.draft);
    folder.apply({ type: 'plan_node', id: '1', patch: { status: 'active' } });
    const b = snaps.of(folder.draft);
    expect(a.plan?.[0]?.status).toBe('pending');
    expect(b.plan?.[0]?.status).toBe('active');
    expect(b).toEqual(finalizeTrajectory(folder.draft));
    expect(b.id).toMatch(/^t_/);
  });
});
