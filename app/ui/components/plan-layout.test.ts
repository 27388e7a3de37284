import { describe, expect, it } from 'vitest';
import type { PlanNode } from '../../core/schema/trajectory';
import { layoutPlan, NODE_H, NODE_W } from './plan-layout';

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
    expect(layoutPlan([])).toEqual({ nodes: [], edges: [], width: NODE_W, height: NODE_H });
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
