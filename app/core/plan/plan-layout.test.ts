import { describe, expect, it } from 'vitest';
import type { PlanNode } from '../schema/trajectory';
import { COL_STEP, layoutPlan, MAX_DRAWN_NODES, NODE_H, NODE_W } from './plan-layout';

const node = (id: string, dependsOn: string[] = []): PlanNode => ({
  id,
  text: `step ${id}`,
  dependsOn,
  status: 'pending',
});

// Column pitch NODE_W + 56 = 286, row pitch NODE_H + 18 = 102.
describe('layoutPlan', () => {
  it('puts each node in the column of its longest dependency chain, stacking rows per column', () => {
    // 1 → 2 → 3 is a chain; 4 is independent; 5 needs 1 and 4.
    const l = layoutPlan([node('1'), node('2', ['1']), node('3', ['2']), node('4'), node('5', ['1', '4'])]);
    expect(l.nodes.map((p) => [p.node.id, p.col, p.row, p.x, p.y])).toEqual([
      ['1', 0, 0, 0, 0],
      ['2', 1, 0, 286, 0],
      ['3', 2, 0, 572, 0],
      ['4', 0, 1, 0, 102],
      ['5', 1, 1, 286, 102],
    ]);
    expect(l.edges.map((e) => `${e.from.node.id}->${e.to.node.id}`)).toEqual([
      '1->2',
      '2->3',
      '1->5',
      '4->5',
    ]);
    expect(l.width).toBe(3 * 286 - 56);
    expect(l.height).toBe(2 * 102 - 18);
  });

  it('uses the longest chain, not the first dependency', () => {
    const l = layoutPlan([node('1'), node('2', ['1']), node('3', ['1', '2'])]);
    expect(l.nodes.map((p) => p.col)).toEqual([0, 1, 2]);
  });

  it('is one node in size for an empty or one-step plan', () => {
    const { grid, ...empty } = layoutPlan([]);
    expect([grid.col.length, grid.width, grid.height]).toEqual([0, NODE_W, NODE_H]);
    expect(empty).toEqual({
      nodes: [],
      edges: [],
      width: NODE_W,
      height: NODE_H,
      cycles: [],
      hiddenNodes: 0,
      hiddenEdges: 0,
    });
    const one = layoutPlan([node('1')]);
    expect([one.width, one.height, one.edges.length]).toEqual([NODE_W, NODE_H, 0]);
  });

  it('ignores dependencies on steps that are not in the plan', () => {
    const l = layoutPlan([node('1', ['9']), node('2', ['1', '9'])]);
    expect(l.nodes.map((p) => p.col)).toEqual([0, 1]);
    expect(l.edges.map((e) => `${e.from.node.id}->${e.to.node.id}`)).toEqual(['1->2']);
  });

  it('terminates on a dependency cycle in imported data and still places every node', () => {
    const l = layoutPlan([node('a', ['b']), node('b', ['a'])]);
    expect(l.nodes).toHaveLength(2);
    const [a, b] = l.nodes;
    expect(a!.col).not.toBe(b!.col);
    expect(l.edges).toHaveLength(2);
    expect(Number.isFinite(l.width) && Number.isFinite(l.height)).toBe(true);
  });
});

describe('layoutPlan on hostile plans', () => {
  it('reports a self-reference and each cycle, and marks those edges', () => {
    const l = layoutPlan([node('1', ['1']), node('2', ['3']), node('3', ['2']), node('4', ['3'])]);
    expect(l.cycles).toEqual([
      { node: '1', dependsOn: '1' },
      { node: '3', dependsOn: '2' },
    ]);
    expect(l.edges.filter((e) => e.cyclic).map((e) => `${e.to.node.id}->${e.from.node.id}`)).toEqual([
      '1->1',
      '3->2',
    ]);
    expect(l.nodes.map((p) => p.col)).toEqual([0, 1, 0, 1]);
  });

  it('lays out a chain far deeper than the call stack, and a node with 200,000 dependencies', () => {
    const chain = Array.from({ length: 100_000 }, (_, i) => node(String(i), i === 0 ? [] : [String(i - 1)]));
    const deep = layoutPlan(chain);
    expect(deep.nodes.at(-1)?.col).toBe(MAX_DRAWN_NODES - 1);
    expect(deep.hiddenNodes).toBe(100_000 - MAX_DRAWN_NODES);
    // Every node is placed in the grid, the drawn ones where the capped layout has them.
    expect(deep.grid.col[99_999]).toBe(99_999);
    expect(deep.grid.width).toBe(100_000 * COL_STEP - (COL_STEP - NODE_W));
    const wide = [
      ...Array.from({ length: 200_000 }, (_, i) => node(`n${i}`)),
      node(
        'hub',
        Array.from({ length: 200_000 }, (_, i) => `n${i}`),
      ),
    ];
    const l = layoutPlan(wide, 50, 40);
    expect(l.nodes).toHaveLength(50);
    expect(l.edges).toHaveLength(0);
    expect(l.hiddenNodes).toBe(200_001 - 50);
    expect(l.hiddenEdges).toBe(200_000);
    expect(Number.isFinite(l.height)).toBe(true);
    expect([l.grid.col[200_000], l.grid.row[200_000], l.grid.row[199_999]]).toEqual([1, 0, 199_999]);
    expect(l.grid.depStart[200_001]! - l.grid.depStart[200_000]!).toBe(200_000);
  });

  it('draws at most maxEdges edges and counts the rest', () => {
    const plan = [node('a'), node('b'), node('c', ['a', 'b']), node('d', ['a', 'b', 'c'])];
    const l = layoutPlan(plan, 10, 3);
    expect(l.edges).toHaveLength(3);
    expect(l.hiddenEdges).toBe(2);
  });
});
