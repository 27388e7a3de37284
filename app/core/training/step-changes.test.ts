import { describe, expect, it } from 'vitest';
import {
  type HeldStepRow,
  type HeldSteps,
  mergeStepChanges,
  NO_STEPS,
  StepSummaries,
  type StepSummary,
  summarizeSteps,
} from './step-summary';
import { NO_EFF } from '../../testing/table-row';
import { mulberry32 } from '../random';

function row(rnd: () => number, id: string, run: string, step: number | null): HeldStepRow {
  const rc = Math.floor(rnd() * 4);
  return {
    id,
    run,
    trainStep: step,
    acc: rnd() < 0.2 ? null : rnd() < 0.5 ? 1 : 0,
    score: rnd() < 0.1 ? null : Math.round(rnd() * 100) / 100,
    extras: rnd() < 0.5 ? { format: Math.round(rnd() * 10) / 10 } : {},
    rc,
    eff: { ...NO_EFF, searches: rc, redundant: rnd() < 0.3 ? 1 : 0 },
    formatError: rnd() < 0.1,
    responseChars: Math.floor(rnd() * 500),
  };
}

/** What a full read gives: summarizeSteps over every row held, in id order. */
function fullRead(held: Map<string, HeldStepRow>): StepSummary[] {
  return summarizeSteps([...held.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
}

/**
 * Batches as an import and its edits make them: rows added at the newest steps of three runs, some
 * re-imported into another step or with other numbers, some deleted (whole steps emptied too), and
 * now and then a full read (reset).
 */
function* batches(seed: number, n: number) {
  const rnd = mulberry32(seed);
  const held = new Map<string, HeldStepRow>();
  let next = 0;
  let top = 1;
  for (let b = 0; b < n; b++) {
    const before: HeldStepRow[] = [];
    const after: HeldStepRow[] = [];
    if (rnd() < 0.7) top++;
    for (let k = Math.floor(rnd() * 6); k > 0; k--) {
      const id = `t${String(next++).padStart(5, '0')}`;
      const run = ['grpo', 'ppo', ''][Math.floor(rnd() * 3)] as string;
      after.push(row(rnd, id, run, rnd() < 0.05 ? null : top - Math.floor(rnd() * 2)));
    }
    const ids = [...held.keys()];
    for (let k = Math.floor(rnd() * 3); k > 0 && ids.length > 0; k--) {
      const old = held.get(ids[Math.floor(rnd() * ids.length)] as string) as HeldStepRow;
      if (before.includes(old)) continue;
      before.push(old);
      // Replaced (another step, other numbers) or deleted.
      if (rnd() < 0.6) after.push(row(rnd, old.id, old.run, 1 + Math.floor(rnd() * top)));
    }
    for (const r of before) held.delete(r.id);
    for (const r of after) held.set(r.id, r);
    yield { before, after, reset: rnd() < 0.05, held };
  }
}

describe('StepSummaries.since and mergeStepChanges', () => {
  it('bring a reader to what a full read gives, batch after batch, whether it reads every batch or now and then', () => {
    for (const seed of [1, 2, 3, 4]) {
      const steps = new StepSummaries();
      let every: HeldSteps = NO_STEPS;
      let sometimes: HeldSteps = NO_STEPS;
      let b = 0;
      let partial = 0;
      for (const { before, after, reset, held } of batches(seed, 150)) {
        if (reset) steps.reset(held.values());
        else steps.change(before, after);
        const want = fullRead(held);
        const c = steps.since(every.epoch, every.version);
        if (!c.full) partial++;
        const merged = mergeStepChanges(every, c);
        expect(merged.list, `seed ${seed}, batch ${b}`).toEqual(want);
        // Steps the batch did not touch keep their objects (the plots keep what they drew).
        const touched = new Set([...before, ...after].map((r) => `${r.run}:${r.trainStep}`));
        if (!c.full && !reset)
          for (const s of every.list)
            if (!touched.has(`${s.run}:${s.step}`)) expect(merged.list).toContain(s);
        every = merged;
        if (b % 7 === 3) {
          sometimes = mergeStepChanges(sometimes, steps.since(sometimes.epoch, sometimes.version));
          expect(sometimes.list, `seed ${seed}, batch ${b}, read now and then`).toEqual(want);
        }
        b++;
      }
      // Most answers carried only what changed.
      expect(partial).toBeGreaterThan(100);
    }
  });

  it('sends only the steps a batch changed, and the steps it emptied as gone', () => {
    const rnd = mulberry32(9);
    const steps = new StepSummaries();
    steps.change(
      [],
      Array.from({ length: 100 }, (_, k) => row(rnd, `a${k}`, 'grpo', k + 1)),
    );
    const held = mergeStepChanges(NO_STEPS, steps.since(null, -1));
    expect(held.list).toHaveLength(100);
    const gone = held.list[4] as StepSummary;
    steps.change([{ ...row(rnd, 'a4', 'grpo', 5) }], [row(rnd, 'b1', 'grpo', 101)]);
    const c = steps.since(held.epoch, held.version);
    expect(c.full).toBe(false);
    expect(c.changed.map((s) => s.step)).toEqual([101]);
    expect(c.gone).toEqual([{ run: 'grpo', step: 5 }]);
    const merged = mergeStepChanges(held, c);
    expect(merged.list.map((s) => s.step)).not.toContain(gone.step);
    expect(merged.list.at(-1)?.step).toBe(101);
    expect(merged.list[0]).toBe(held.list[0]);
  });

  it('holds no step after a full read of rows none of which is a training sample (the last run deleted)', () => {
    const rnd = mulberry32(9);
    const steps = new StepSummaries();
    steps.reset([row(rnd, 'a', 'grpo', 1), row(rnd, 'b', 'grpo', 2)]);
    const held = mergeStepChanges(NO_STEPS, steps.since(null, -1));
    expect(held.list).toHaveLength(2);
    steps.reset([row(rnd, 'c', 'log', null)]);
    expect(steps.summaries()).toEqual([]);
    expect(mergeStepChanges(held, steps.since(held.epoch, held.version)).list).toEqual([]);
    steps.reset([]);
    expect(steps.summaries()).toEqual([]);
  });

  it('leaves what it holds alone for an answer older than it, and reads everything from another instance', () => {
    const rnd = mulberry32(5);
    const steps = new StepSummaries();
    steps.change([], [row(rnd, 'a', 'grpo', 1)]);
    const whole = steps.since(null, -1);
    const first = mergeStepChanges(NO_STEPS, whole);
    const stale = steps.since(first.epoch, first.version);
    steps.change([], [row(rnd, 'b', 'grpo', 2)]);
    const second = mergeStepChanges(first, steps.since(first.epoch, first.version));
    expect(second.list.map((s) => s.step)).toEqual([1, 2]);
    // Two refreshes in flight: the older answer arriving last changes nothing, full or not.
    expect(mergeStepChanges(second, stale)).toBe(second);
    expect(whole.full).toBe(true);
    expect(mergeStepChanges(second, whole)).toBe(second);
    // A new table worker (another instance) answers in full, whatever version the reader holds.
    const other = new StepSummaries();
    other.change([], [row(rnd, 'c', 'ppo', 7)]);
    const c = other.since(second.epoch, second.version);
    expect(c.full).toBe(true);
    expect(mergeStepChanges(second, c).list.map((s) => `${s.run}:${s.step}`)).toEqual(['ppo:7']);
  });
});
