import { linkHorizontal } from 'd3';
import { useMemo } from 'react';
import type { PlanNode } from '../../core/schema/trajectory';
import { layoutPlan, NODE_H, NODE_W } from './plan-layout';

const link = linkHorizontal<{ source: [number, number]; target: [number, number] }, [number, number]>()
  .source((d) => d.source)
  .target((d) => d.target);

/** The plan as a left-to-right DAG: nodes are sub-questions, edges their `#n` dependencies. */
export function PlanTree({
  plan,
  activeNode,
  onSelect,
}: {
  plan: readonly PlanNode[];
  activeNode: string | undefined;
  onSelect: (id: string) => void;
}) {
  const layout = useMemo(() => layoutPlan(plan), [plan]);
  const pad = 8;
  return (
    <div className="plan-tree" data-testid="plan-tree">
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
              className="plan-edge"
              d={
                link({
                  source: [e.from.x + NODE_W, e.from.y + NODE_H / 2],
                  target: [e.to.x, e.to.y + NODE_H / 2],
                }) ?? ''
              }
              markerEnd="url(#arrow)"
            />
          ))}
          {layout.nodes.map((p) => (
            <g
              key={p.node.id}
              transform={`translate(${p.x},${p.y})`}
              className={`plan-node status-${p.node.status}${activeNode === p.node.id ? ' active' : ''}`}
              onClick={() => onSelect(p.node.id)}
              data-testid="plan-node"
            >
              <rect width={NODE_W} height={NODE_H} rx={8} />
              <foreignObject x={0} y={0} width={NODE_W} height={NODE_H}>
                <div className="plan-node-body">
                  <div className="plan-node-text" title={p.node.resolvedText ?? p.node.text}>
                    <b>#{p.node.id}</b> {p.node.resolvedText ?? p.node.text}
                  </div>
                  <div className="plan-node-answer" title={p.node.answer}>
                    {p.node.answer ? `→ ${p.node.answer}` : <span className="muted">{p.node.status}</span>}
                  </div>
                </div>
              </foreignObject>
            </g>
          ))}
        </g>
      </svg>
    </div>
  );
}
