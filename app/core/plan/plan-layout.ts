// Layered layout of a plan DAG: a node's column is the length of its longest dependency chain,
// so `#1 → #2 → #3` reads left to right and independent sub-questions share a column.
// Imported plans can be anything: 200,000 dependencies, chains deeper than the call stack,
// self-references and cycles. So everything here is iterative and linear in nodes + edges, a
// dependency that closes a cycle is reported (and drawn dashed), and only the first
// `maxNodes` nodes and `maxEdges` edges are drawn, with the rest counted.
import type { PlanNode } from '../schema/trajectory';

export interface PlacedNode {
  node: PlanNode;
  col: number;
  row: number;
  x: number;
  y: number;
}

export interface PlanEdge {
  from: PlacedNode;
  to: PlacedNode;
  /** This dependency closes a cycle (or is a self-reference): not used for columns. */
  cyclic: boolean;
}

export interface PlanLayout {
  nodes: PlacedNode[];
  edges: PlanEdge[];
  width: number;
  height: number;
  /** Dependencies that close a cycle: `node` depends on `dependsOn`, which (indirectly) depends on `node`. */
  cycles: Array<{ node: string; dependsOn: string }>;
  /** Nodes and edges not drawn (past the caps). */
  hiddenNodes: number;
  hiddenEdges: number;
  /** Every node's place, for a view that draws only those in sight (plan-window.ts). */
  grid: PlanGrid;
}

/**
 * Every node placed, by plan index, in typed arrays (a 200,000-node plan is a few MB that a
 * worker hands over without copying objects): columns as lists of plan indexes in row order, and
 * each node's dependencies as plan indexes (of the first node with that id; missing ids left out).
 */
export interface PlanGrid {
  col: Int32Array;
  row: Int32Array;
  /** Column c holds colNodes[colStart[c] .. colStart[c + 1]), row 0 first. */
  colStart: Int32Array;
  colNodes: Int32Array;
  /** Node i depends on depNodes[depStart[i] .. depStart[i + 1]); depCyclic marks cycle-closers. */
  depStart: Int32Array;
  depNodes: Int32Array;
  depCyclic: Uint8Array;
  width: number;
  height: number;
}

export const NODE_W = 230;
export const NODE_H = 84;
const GAP_X = 56;
const GAP_Y = 18;
/** Where the node in column `col`, row `row` is drawn. */
export function nodeX(col: number): number {
  return col * (NODE_W + GAP_X);
}
export function nodeY(row: number): number {
  return row * (NODE_H + GAP_Y);
}
export const COL_STEP = NODE_W + GAP_X;
export const ROW_STEP = NODE_H + GAP_Y;
/**
 * Drawing caps: far above a real plan (APEX plans have 2–8 nodes), low enough to draw at once.
 * Each node is an HTML box in the SVG: 300 of them made opening a trajectory a 60-110 ms task
 * (their layout alone 40-60 ms); 100 keep it under 50 ms.
 */
export const MAX_DRAWN_NODES = 100;
export const MAX_DRAWN_EDGES = 2000;

/**
 * Longest-chain depth of every node (by the index of the first node with its id), by an
 * explicit-stack DFS over typed arrays; back edges are the cycles. Objects per node (a stack
 * frame, map entries by id) made a 200,000-node plan 0.7-1.4 s of the trajectory worker's time.
 */
function depths(plan: readonly PlanNode[], first: Map<string, number>) {
  const n = plan.length;
  const depth = new Int32Array(n).fill(-1);
  const onStack = new Uint8Array(n);
  const stackNode = new Int32Array(n);
  const stackDep = new Int32Array(n);
  const cycles: PlanLayout['cycles'] = [];
  for (let r = 0; r < n; r++) {
    const root = first.get(plan[r]!.id)!;
    if (depth[root]! >= 0 || onStack[root]) continue;
    let top = 0;
    stackNode[0] = root;
    stackDep[0] = 0;
    onStack[root] = 1;
    while (top >= 0) {
      const at = stackNode[top]!;
      const deps = plan[at]!.dependsOn;
      const k = stackDep[top]!;
      if (k < deps.length) {
        stackDep[top] = k + 1;
        const id = deps[k]!;
        const d = first.get(id);
        if (d === undefined || depth[d]! >= 0) continue;
        if (onStack[d]) cycles.push({ node: plan[at]!.id, dependsOn: id });
        else {
          onStack[d] = 1;
          stackNode[++top] = d;
          stackDep[top] = 0;
        }
        continue;
      }
      // Every dependency is placed, except those on the stack (cycles), which do not count.
      let m = -1;
      for (const id of deps) {
        const d = first.get(id);
        if (d !== undefined && depth[d]! > m) m = depth[d]!;
      }
      depth[at] = m + 1;
      onStack[at] = 0;
      top--;
    }
  }
  return { depth, cycles };
}

export function layoutPlan(
  plan: readonly PlanNode[],
  maxNodes = MAX_DRAWN_NODES,
  maxEdges = MAX_DRAWN_EDGES,
): PlanLayout {
  const first = new Map<string, number>();
  plan.forEach((n, i) => first.has(n.id) || first.set(n.id, i));
  const { depth, cycles } = depths(plan, first);
  const cyclic = new Set(cycles.map((c) => `${c.node}\u0000${c.dependsOn}`));
  const grid = gridOf(plan, first, depth, cyclic);
  const rowsPerCol = new Map<number, number>();
  const nodes: PlacedNode[] = [];
  for (let i = 0; i < Math.min(maxNodes, plan.length); i++) {
    const col = grid.col[i]!;
    const row = grid.row[i]!;
    rowsPerCol.set(col, Math.max(rowsPerCol.get(col) ?? 0, row + 1));
    nodes.push({ node: plan[i]!, col, row, x: nodeX(col), y: nodeY(row) });
  }
  const placed = new Map(nodes.map((p) => [p.node.id, p]));
  const edges: PlanEdge[] = [];
  let hiddenEdges = 0;
  for (const n of plan)
    for (const d of n.dependsOn) {
      const from = placed.get(d);
      const to = placed.get(n.id);
      if (!first.has(d)) continue;
      if (!from || !to || to.node !== n || edges.length >= maxEdges) hiddenEdges++;
      else edges.push({ from, to, cyclic: cyclic.has(`${n.id}\u0000${d}`) });
    }
  let cols = 1;
  let rows = 1;
  for (const [c, r] of rowsPerCol) {
    cols = Math.max(cols, c + 1);
    rows = Math.max(rows, r);
  }
  return {
    nodes,
    edges,
    width: cols * (NODE_W + GAP_X) - GAP_X,
    height: rows * (NODE_H + GAP_Y) - GAP_Y,
    cycles,
    hiddenNodes: Math.max(0, plan.length - maxNodes),
    hiddenEdges,
    grid,
  };
}

function gridOf(
  plan: readonly PlanNode[],
  first: Map<string, number>,
  depth: Int32Array,
  cyclic: Set<string>,
): PlanGrid {
  const n = plan.length;
  const col = new Int32Array(n);
  const row = new Int32Array(n);
  let cols = 1;
  for (let i = 0; i < n; i++) cols = Math.max(cols, depth[first.get(plan[i]!.id)!]! + 1);
  const count = new Int32Array(cols);
  let edges = 0;
  for (let i = 0; i < n; i++) {
    const c = depth[first.get(plan[i]!.id)!]!;
    col[i] = c;
    row[i] = count[c]!++;
    edges += plan[i]!.dependsOn.length;
  }
  const colStart = new Int32Array(cols + 1);
  let rows = 1;
  for (let c = 0; c < cols; c++) {
    colStart[c + 1] = colStart[c]! + count[c]!;
    rows = Math.max(rows, count[c]!);
  }
  const colNodes = new Int32Array(n);
  for (let i = 0; i < n; i++) colNodes[colStart[col[i]!]! + row[i]!] = i;
  const depStart = new Int32Array(n + 1);
  const depNodes = new Int32Array(edges);
  const depCyclic = new Uint8Array(edges);
  let e = 0;
  for (let i = 0; i < n; i++) {
    const node = plan[i]!;
    for (const id of node.dependsOn) {
      const d = first.get(id);
      if (d === undefined) continue;
      depNodes[e] = d;
      depCyclic[e++] = cyclic.size > 0 && cyclic.has(`${node.id}\u0000${id}`) ? 1 : 0;
    }
    depStart[i + 1] = e;
  }
  return {
    col,
    row,
    colStart,
    colNodes,
    depStart,
    // A view's whole buffer is copied when posted: trim to the edges kept.
    depNodes: e === edges ? depNodes : depNodes.slice(0, e),
    depCyclic: e === edges ? depCyclic : depCyclic.slice(0, e),
    width: cols * COL_STEP - GAP_X,
    height: rows * ROW_STEP - GAP_Y,
  };
}
