import { describe, expect, it } from 'vitest';
import type { PlanNode } from '../schema/trajectory';
import { COL_STEP, layoutPlan, ROW_STEP } from './plan-layout';
import { planWindow, scrollToShow } from './plan-window';

const node = (id: string, dependsOn: string[] = []): PlanNode => ({
  id,
  text: `sub ${id}`,
  dependsOn,
  status: 'pending',
});
const view = (left: number, top: number) => ({ left, top, width: 3 * COL_STEP, height: 4 * ROW_STEP });

describe('planWindow', () => {
  const wide = Array.from({ length: 200_000 }, (_, i) => node(String(i)));

  it('draws the nodes in sight of a 200,000-node column and one row around them, at any scroll', () => {
    const top = layoutPlan(wide).grid;
    expect(planWindow(top, view(0, 0)).nodes).toEqual([0, 1, 2, 3, 4, 5]);
    // Scrolled to row 150,000: rows 149,999 to 150,005 (a row above and below the four in sight).
    const far = planWindow(top, view(0, 150_000 * ROW_STEP));
    expect(far.nodes).toEqual([149_999, 150_000, 150_001, 150_002, 150_003, 150_004, 150_005]);
    expect(planWindow(top, view(0, 300_000 * ROW_STEP)).nodes).toEqual([]);
  });

  it('draws the columns in sight of a deep chain (and one either side) with the dependencies into them', () => {
    const chain = Array.from({ length: 5_000 }, (_, i) => node(String(i), i ? [String(i - 1)] : []));
    const w = planWindow(layoutPlan(chain).grid, view(4_000 * COL_STEP, 0));
    expect(w.nodes).toEqual([3_999, 4_000, 4_001, 4_002, 4_003, 4_004]);
    expect(w.edges.map((e) => `${e.from}->${e.to}`)).toEqual([
      '3998->3999',
      '3999->4000',
      '4000->4001',
      '4001->4002',
      '4002->4003',
      '4003->4004',
    ]);
  });

  it('caps the nodes and the dependencies drawn, counting the dependencies left out', () => {
    const hub = [
      ...wide.slice(0, 1_000),
      node(
        'hub',
        wide.slice(0, 1_000).map((n) => n.id),
      ),
    ];
    const w = planWindow(layoutPlan(hub).grid, view(0, 0), 100, 40);
    expect(w.nodes).toContain(1_000);
    expect(w.edges).toHaveLength(40);
    expect(w.hiddenEdges).toBe(960);
    const big = planWindow(layoutPlan(wide).grid, { left: 0, top: 0, width: 500, height: 1e6 }, 100);
    expect(big.nodes).toHaveLength(100);
  });

  it('marks the dependencies that close a cycle', () => {
    const w = planWindow(layoutPlan([node('1', ['1']), node('2', ['3']), node('3', ['2'])]).grid, view(0, 0));
    expect(w.edges.filter((e) => e.cyclic).map((e) => `${e.from}->${e.to}`)).toEqual(['0->0', '1->2']);
  });
});

describe('scrollToShow', () => {
  const grid = layoutPlan(Array.from({ length: 1_000 }, (_, i) => node(String(i)))).grid;
  it('keeps the scroll for a node in sight and centres one out of sight', () => {
    expect(scrollToShow(grid, 2, view(0, 0))).toEqual({ left: 0, top: 0 });
    const to = scrollToShow(grid, 500, view(0, 0));
    expect(to.left).toBe(0);
    expect(to.top).toBe(500 * ROW_STEP - 1.5 * ROW_STEP);
    expect(planWindow(grid, { ...view(0, 0), top: to.top }).nodes).toContain(500);
  });
});
