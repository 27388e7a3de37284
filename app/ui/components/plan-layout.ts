// Layered layout of a plan DAG: a node's column is the length of its longest dependency chain,
// so `#1 → #2 → #3` reads left to right and independent sub-questions share a column.
import type { PlanNode } from '../../core/schema/trajectory';

export interface PlacedNode {
  node: PlanNode;
  col: number;
  row: number;
  x: number;
  y: number;
}

export interface PlanLayout {
  nodes: PlacedNode[];
  edges: Array<{ from: PlacedNode; to: PlacedNode }>;
  width: number;
  height: number;
}

export const NODE_W = 230;
export const NODE_H = 84;
const GAP_X = 56;
const GAP_Y = 18;

export function layoutPlan(plan: readonly PlanNode[]): PlanLayout {
  const byId = new Map(plan.map((n) => [n.id, n]));
  const depth = new Map<string, number>();
  const visiting = new Set<string>();
  const depthOf = (id: string): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return 0; // a cycle in imported data: break it rather than hang
    visiting.add(id);
    const n = byId.get(id);
    const d = n ? Math.max(-1, ...n.dependsOn.filter((x) => byId.has(x)).map(depthOf)) + 1 : 0;
    visiting.delete(id);
    depth.set(id, d);
    return d;
  };
  const rowsPerCol = new Map<number, number>();
  const nodes: PlacedNode[] = plan.map((node) => {
    const col = depthOf(node.id);
    const row = rowsPerCol.get(col) ?? 0;
    rowsPerCol.set(col, row + 1);
    return { node, col, row, x: col * (NODE_W + GAP_X), y: row * (NODE_H + GAP_Y) };
  });
  const placed = new Map(nodes.map((p) => [p.node.id, p]));
  const edges = nodes.flatMap((to) =>
    to.node.dependsOn.flatMap((d) => {
      const from = placed.get(d);
      return from ? [{ from, to }] : [];
    }),
  );
  const cols = Math.max(1, ...[...rowsPerCol.keys()].map((c) => c + 1));
  const rows = Math.max(1, ...rowsPerCol.values());
  return { nodes, edges, width: cols * (NODE_W + GAP_X) - GAP_X, height: rows * (NODE_H + GAP_Y) - GAP_Y };
}
