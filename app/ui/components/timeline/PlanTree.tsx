import { linkHorizontal } from 'd3';
import { useMemo } from 'react';
import type { PlanNode } from '../../../core/schema/trajectory';
import { plural } from '../../../core/plural';
import { layoutPlan, NODE_H, NODE_W, type PlacedNode, type PlanLayout } from '../../../core/plan/plan-layout';
import { clip } from '../long-text-parts';

const link = linkHorizontal<{ source: [number, number]; target: [number, number] }, [number, number]>()
  .source((d) => d.source)
  .target((d) => d.target);

/** Characters a node's box holds (it shows three lines): a longer text is in its title and step. */
const NODE_CHARS = 200;

/** What the drawing leaves out or could not honour: cycles, and nodes/edges past the caps. */
function PlanNotes({ layout, total }: { layout: PlanLayout; total: number }) {
  const { cycles, hiddenNodes, hiddenEdges } = layout;
  if (cycles.length === 0 && hiddenNodes === 0 && hiddenEdges === 0) return null;
  const shown = cycles
    .slice(0, 5)
    .map((c) => (c.node === c.dependsOn ? `#${c.node} depends on itself` : `#${c.node} → #${c.dependsOn}`));
  return (
    <p className="plan-notes muted small" role="note" data-testid="plan-notes">
      {cycles.length > 0 &&
        `The plan's dependencies form ${plural(cycles.length, 'cycle')} (dashed, not used for columns): ${shown.join('; ')}${cycles.length > 5 ? '; …' : ''}. `}
      {hiddenNodes > 0 &&
        `Showing the first ${(total - hiddenNodes).toLocaleString('en')} of ${total.toLocaleString('en')} plan nodes. `}
      {hiddenEdges > 0 && `${plural(hiddenEdges, 'dependency', 'dependencies')} not drawn.`}
    </p>
  );
}

/** The plan as a left-to-right DAG: nodes are sub-questions, edges their `#n` dependencies. */
export function PlanTree({
  plan,
  layout: given,
  activeNode,
  onSelect,
}: {
  plan: readonly PlanNode[];
  /** The plan's layout when it was computed off the main thread (a big plan takes long). */
  layout?: PlanLayout;
  activeNode: string | undefined;
  onSelect: (id: string) => void;
}) {
  const layout = useMemo(() => given ?? layoutPlan(plan), [given, plan]);
  // A given layout may come from another copy of the plan (the presenter lays out the final plan
  // once; its frames change statuses and answers, never ids or dependencies): each drawn node is
  // shown as `plan` has it. Laying out each frame of a 200,000-node plan took ~0.3 s.
  // The drawn nodes are the plan's first ones: a frame of the same plan has them at the same
  // positions, so this reads those, not the whole plan (200,000 nodes scanned per frame).
  const current = useMemo(() => {
    if (!given) return null;
    const byId = new Map<string, PlanNode>();
    if (layout.nodes.every((p, k) => plan[k]?.id === p.node.id)) {
      layout.nodes.forEach((p, k) => byId.has(p.node.id) || byId.set(p.node.id, plan[k]!));
      return byId;
    }
    const drawn = new Set(layout.nodes.map((p) => p.node.id));
    for (const n of plan) if (drawn.has(n.id) && !byId.has(n.id)) byId.set(n.id, n);
    return byId;
  }, [given, layout, plan]);
  const nodeOf = (p: PlacedNode): PlanNode => current?.get(p.node.id) ?? p.node;
  const pad = 8;
  return (
    <div className="plan-tree" data-testid="plan-tree">
      <PlanNotes layout={layout} total={plan.length} />
      <svg
        width={layout.width + pad * 2}
        height={layout.height + pad * 2}
        role="img"
        aria-label={`Plan with ${plan.length} sub-questions`}
      >
        <defs>
          <marker
            id="arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto"
          >
            <path d="M0,0 L10,5 L0,10 z" fill="#8a9bb0" />
          </marker>
        </defs>
        <g transform={`translate(${pad},${pad})`}>
          {layout.edges.map((e) => (
            <path
              key={`${e.from.node.id}->${e.to.node.id}`}
              className={e.cyclic ? 'plan-edge cyclic' : 'plan-edge'}
              d={
                link({
                  source: [e.from.x + NODE_W, e.from.y + NODE_H / 2],
                  target: [e.to.x, e.to.y + NODE_H / 2],
                }) ?? ''
              }
              markerEnd="url(#arrow)"
            />
          ))}
          {layout.nodes.map((p) => {
            const node = nodeOf(p);
            return (
              <g
                key={node.id}
                transform={`translate(${p.x},${p.y})`}
                className={`plan-node status-${node.status}${activeNode === node.id ? ' active' : ''}`}
                onClick={() => onSelect(node.id)}
                data-testid="plan-node"
              >
                <rect width={NODE_W} height={NODE_H} rx={8} />
                <foreignObject x={0} y={0} width={NODE_W} height={NODE_H}>
                  <div className="plan-node-body">
                    <div className="plan-node-text" title={clip(node.resolvedText ?? node.text)}>
                      <b>#{clip(node.id, 40)}</b> {clip(node.resolvedText ?? node.text, NODE_CHARS)}
                    </div>
                    <div className="plan-node-answer" title={node.answer && clip(node.answer)}>
                      {node.answer ? (
                        `→ ${clip(node.answer, NODE_CHARS)}`
                      ) : (
                        <span className="muted">{node.status}</span>
                      )}
                    </div>
                  </div>
                </foreignObject>
              </g>
            );
          })}
        </g>
      </svg>
    </div>
  );
}
