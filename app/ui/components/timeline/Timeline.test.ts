import { describe, expect, it } from 'vitest';
import { hopscopeTrajectories } from '../../../demo/build-demo';
import type { Step, Trajectory } from '../../../core/schema/trajectory';
import { groupSteps, TimelineRows } from './Timeline';

/** The rows as a plain list, the way the timeline listed them before rows were found by group. */
function listRows(t: Trajectory): Array<string> {
  return groupSteps(t).flatMap((g, gi) => [
    `title:${g.key}:${gi}|${g.title}`,
    ...t.steps.slice(g.start, g.end).map((s) => s.id),
  ]);
}

const show = (r: ReturnType<TimelineRows['at']>) =>
  r === undefined ? undefined : 'title' in r ? `${r.key}|${r.title}` : (r as Step).id;

describe('timeline rows', () => {
  const demo = hopscopeTrajectories();
  const withPlan = demo.find((t) => (t.plan?.length ?? 0) > 1)!;
  const byTurn = demo.find((t) => !t.plan?.length)!;

  it('groups by plan node (planning before, synthesis after) or by turn, titled once per group', () => {
    const step = (i: number, over: Partial<Step>): Step => ({
      id: `s${i}`,
      index: i,
      kind: 'think',
      ...over,
    });
    const planned: Trajectory = {
      ...withPlan,
      plan: [
        { id: 'a', text: 'find A', resolvedText: 'find Ann', dependsOn: [], status: 'done' },
        { id: 'b', text: 'find B', dependsOn: ['a'], status: 'done' },
      ],
      steps: [
        step(0, { kind: 'plan' }),
        step(1, {}),
        step(2, { planNode: 'a' }),
        step(3, { planNode: 'a' }),
        step(4, { planNode: 'b' }),
        step(5, { kind: 'plan' }),
        step(6, {}),
        step(7, { planNode: 'a' }),
      ],
    };
    expect(groupSteps(planned).map((g) => [g.key, g.title, g.start, g.end])).toEqual([
      ['plan', 'Plan', 0, 2],
      ['node:a', '#a find Ann', 2, 4],
      ['node:b', '#b find B', 4, 5],
      ['plan', 'Plan', 5, 6],
      ['overall', 'Synthesis', 6, 7],
      ['node:a', '#a find Ann', 7, 8],
    ]);
    const turns: Trajectory = {
      ...byTurn,
      plan: [],
      steps: [
        step(0, {}),
        step(1, { turn: 0 }),
        step(2, { turn: 1 }),
        step(3, { turn: 1 }),
        step(4, { turn: 3 }),
      ],
    };
    expect(groupSteps(turns).map((g) => [g.key, g.title, g.start, g.end])).toEqual([
      ['turn:0', 'Steps', 0, 2],
      ['turn:1', 'Turn 1', 2, 4],
      ['turn:3', 'Turn 3', 4, 5],
    ]);
  });

  it('finds every row and every step by index as the plain list has them', () => {
    const many: Trajectory = {
      ...byTurn,
      steps: Array.from({ length: 2_000 }, (_, i) => ({
        id: `s${i}`,
        index: i,
        kind: 'think' as const,
        turn: 1 + Math.floor(i / 7),
        text: `t${i}`,
      })),
    };
    for (const t of [withPlan, byTurn, many, { ...byTurn, steps: [] }]) {
      const rows = TimelineRows.of(t);
      const list = listRows(t);
      expect(rows.length).toBe(list.length);
      expect(Array.from({ length: rows.length }, (_, i) => show(rows.at(i)))).toEqual(list);
      expect([...rows].map(show)).toEqual(list);
      expect(rows.at(-1)).toBeUndefined();
      expect(rows.at(rows.length)).toBeUndefined();
      for (const s of t.steps) expect(show(rows.at(rows.indexOfStep(s.id)))).toBe(s.id);
      expect(rows.indexOfStep('no such step')).toBe(-1);
    }
  });
});
