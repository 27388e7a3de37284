// The part of a plan's grid in sight: a view of a 200,000-node plan draws the few dozen nodes in
// its scrolled window (and one column and row around it), found from the grid's columns without
// looking at the other nodes, so scrolling and opening cost the same for any plan size.
import { COL_STEP, MAX_DRAWN_EDGES, MAX_DRAWN_NODES, ROW_STEP, type PlanGrid } from './plan-layout';

export interface ViewBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface PlanWindow {
  /** Plan indexes of the nodes to draw, in plan order. */
  nodes: number[];
  /** Dependencies into the drawn nodes, as plan indexes. */
  edges: Array<{ from: number; to: number; cyclic: boolean }>;
  /** Dependencies into drawn nodes past `maxEdges`, not drawn. */
  hiddenEdges: number;
}

export function planWindow(
  grid: PlanGrid,
  view: ViewBox,
  maxNodes = MAX_DRAWN_NODES,
  maxEdges = MAX_DRAWN_EDGES,
): PlanWindow {
  const cols = grid.colStart.length - 1;
  const c0 = Math.max(0, Math.floor(view.left / COL_STEP) - 1);
  const c1 = Math.min(cols - 1, Math.floor((view.left + view.width) / COL_STEP) + 1);
  const r0 = Math.max(0, Math.floor(view.top / ROW_STEP) - 1);
  const r1 = Math.floor((view.top + view.height) / ROW_STEP) + 1;
  const nodes: number[] = [];
  for (let c = c0; c <= c1 && nodes.length < maxNodes; c++) {
    const start = grid.colStart[c]!;
    const end = Math.min(grid.colStart[c + 1]!, start + r1 + 1);
    for (let k = start + r0; k < end && nodes.length < maxNodes; k++) nodes.push(grid.colNodes[k]!);
  }
  nodes.sort((a, b) => a - b);
  const edges: PlanWindow['edges'] = [];
  let hiddenEdges = 0;
  for (const to of nodes)
    for (let e = grid.depStart[to]!; e < grid.depStart[to + 1]!; e++) {
      if (edges.length >= maxEdges) hiddenEdges++;
      else edges.push({ from: grid.depNodes[e]!, to, cyclic: grid.depCyclic[e] === 1 });
    }
  return { nodes, edges, hiddenEdges };
}

/** The scroll position that brings node `i` into a view of this size (unchanged if it is in it). */
export function scrollToShow(grid: PlanGrid, i: number, view: ViewBox): { left: number; top: number } {
  const x = grid.col[i]! * COL_STEP;
  const y = grid.row[i]! * ROW_STEP;
  const into = (at: number, size: number, from: number, span: number) =>
    at >= from && at + size <= from + span ? from : Math.max(0, at - Math.max(0, (span - size) / 2));
  return {
    left: into(x, COL_STEP, view.left, view.width),
    top: into(y, ROW_STEP, view.top, view.height),
  };
}
