import { linkHorizontal } from 'd3';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PlanNode } from '../../../core/schema/trajectory';
import { plural } from '../../../core/plural';
import { layoutPlan, NODE_H, NODE_W, nodeX, nodeY, type PlanLayout } from '../../../core/plan/plan-layout';
import { planWindow, scrollToShow, type ViewBox } from '../../../core/plan/plan-window';
import { clip } from '../long-text-parts';

const link = linkHorizontal<{ source: [number, number]; target: [number, number] }, [number, number]>()
  .source((d) => d.source)
  .target((d) => d.target);

/** Characters a node's box holds (it shows three lines): a longer text is in its title and step. */
const NODE_CHARS = 200;

/** Plans with more nodes than this say that only the nodes in sight are drawn. */
const WINDOWED_NOTE_AT = 50;
/** The window drawn before the tree's box is measured (and in a test's page without layout). */
const FIRST_VIEW: ViewBox = { left: 0, top: 0, width: 1000, height: 480 };

/** What the drawing could not honour (cycles, dependencies past the cap) and how a big plan is drawn. */
function PlanNotes({
  cycles,
  total,
  hiddenEdges,
}: {
  cycles: PlanLayout['cycles'];
  total: number;
  hiddenEdges: number;
}) {
  if (cycles.length === 0 && total <= WINDOWED_NOTE_AT && hiddenEdges === 0) return null;
  const shown = cycles
    .slice(0, 5)
    .map((c) => (c.node === c.dependsOn ? `#${c.node} depends on itself` : `#${c.node} → #${c.dependsOn}`));
  return (
    <p className="plan-notes muted small" role="note" data-testid="plan-notes">
      {cycles.length > 0 &&
        `The plan's dependencies form ${plural(cycles.length, 'cycle')} (dashed, not used for columns): ${shown.join('; ')}${cycles.length > 5 ? '; …' : ''}. `}
      {total > WINDOWED_NOTE_AT &&
        `${total.toLocaleString('en')} plan nodes: those in sight are drawn as you scroll. `}
      {hiddenEdges > 0 && `${plural(hiddenEdges, 'dependency', 'dependencies')} in sight not drawn.`}
    </p>
  );
}

/**
 * The plan as a left-to-right DAG: nodes are sub-questions, edges their `#n` dependencies. Every
 * node is placed (plan-layout's grid) but only those in the scrolled window are drawn: each is an
 * HTML box whose layout costs ~0.2-0.4 ms, so a 200,000-node plan drawn whole would hold the page
 * for a minute. The active node is scrolled into sight when it changes.
 */
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
  // A given layout may come from another copy of the plan (the presenter lays out the final plan
  // once; its frames change statuses and answers, never ids or dependencies): each drawn node is
  // shown as `plan` has it, by position. Laying out each frame of a 200,000-node plan took ~0.3 s.
  const layout = useMemo(
    () => (given && given.grid.col.length === plan.length ? given : layoutPlan(plan)),
    [given, plan],
  );
  const { grid } = layout;
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<ViewBox>(FIRST_VIEW);
  const measure = useCallback(() => {
    const el = box.current;
    if (!el) return;
    const next = {
      left: el.scrollLeft,
      top: el.scrollTop,
      width: el.clientWidth || FIRST_VIEW.width,
      height: el.clientHeight || FIRST_VIEW.height,
    };
    setView((v) =>
      v.left === next.left && v.top === next.top && v.width === next.width && v.height === next.height
        ? v
        : next,
    );
  }, []);
  // One measurement per frame however many scroll events arrive.
  const frame = useRef(0);
  const onScroll = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      measure();
    });
  }, [measure]);
  useEffect(() => {
    const el = box.current;
    measure();
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => {
      ro.disconnect();
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [measure]);
  // The active node (selected step, keyboard or click) is brought into sight when it changes; a
  // scan of the plan's ids once per change (~1 ms at 200,000 nodes), not a map kept of them all.
  const activeIndex = useMemo(
    () => (activeNode === undefined ? -1 : plan.findIndex((n) => n.id === activeNode)),
    [plan, activeNode],
  );
  useEffect(() => {
    const el = box.current;
    if (!el || activeIndex < 0 || activeIndex >= grid.col.length) return;
    const at = { left: el.scrollLeft, top: el.scrollTop, width: el.clientWidth, height: el.clientHeight };
    if (!at.width || !at.height) return;
    const to = scrollToShow(grid, activeIndex, at);
    if (to.left !== at.left || to.top !== at.top) el.scrollTo(to.left, to.top);
  }, [grid, activeIndex]);
  const win = useMemo(() => planWindow(grid, view), [grid, view]);
  const pad = 8;
  const x = (i: number) => nodeX(grid.col[i]!);
  const y = (i: number) => nodeY(grid.row[i]!);
  return (
    <div className="plan-tree" data-testid="plan-tree">
      <PlanNotes cycles={layout.cycles} total={plan.length} hiddenEdges={win.hiddenEdges} />
      <div className="plan-tree-scroll" ref={box} onScroll={onScroll} data-testid="plan-scroll">
        <div className="plan-canvas" style={{ width: grid.width + pad * 2, height: grid.height + pad * 2 }}>
          <svg
            width={grid.width + pad * 2}
            height={grid.height + pad * 2}
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
              {win.edges.map((e) => (
                <path
                  key={`${e.from}->${e.to}`}
                  className={e.cyclic ? 'plan-edge cyclic' : 'plan-edge'}
                  d={
                    link({
                      source: [x(e.from) + NODE_W, y(e.from) + NODE_H / 2],
                      target: [x(e.to), y(e.to) + NODE_H / 2],
                    }) ?? ''
                  }
                  markerEnd="url(#arrow)"
                />
              ))}
            </g>
          </svg>
          {/* Boxes are HTML laid over the SVG, each contained: inside a foreignObject, ~20 of
              them made a 93 ms layout rooted at the SVG on a loaded machine. */}
          {win.nodes.map((i) => {
            const node = plan[i]!;
            return (
              <div
                key={i}
                style={{ left: x(i) + pad, top: y(i) + pad, width: NODE_W, height: NODE_H }}
                className={`plan-node status-${node.status}${activeNode === node.id ? ' active' : ''}`}
                onClick={() => onSelect(node.id)}
                data-testid="plan-node"
                data-index={i}
              >
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
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
