import { scaleLinear, scaleSqrt, schemeTableau10 } from 'd3';
import { useRef } from 'react';
import type { Summary } from '../../../core/batch/aggregate';
import { FigureExport } from '../charts/ExportButtons';
import { LEGEND_ROW, legendWidth, SvgLegend } from '../charts/SvgLegend';
import { placeLabels } from './scatter-labels';
import { pct } from './percent';

/**
 * Accuracy against mean retrieval count per strategy; marker area grows with RC (When-to-Search,
 * Fig. 1). Points sit inside an inset plot area, so a strategy at RC 0 or accuracy 0 never lies on
 * an axis; labels stay inside the plot area; the legend names each color.
 */
export function BatchScatter({ points, exportName }: { points: readonly Summary[]; exportName: string }) {
  const ref = useRef<SVGSVGElement>(null);
  const items = points.map((p, i) => ({
    label: p.strategy,
    color: schemeTableau10[i % 10]!,
    mark: 'dot' as const,
  }));
  const legend = [...items, { label: 'area ∝ mean RC', color: '#9aa6b6', mark: 'dot' as const }];
  const lw = legendWidth(legend);
  const PW = 280;
  const M = { l: 52, r: 28 + lw, t: 16, b: 44 };
  const INSET = 18;
  const W = M.l + PW + M.r;
  const H = Math.max(250, M.t + legend.length * LEGEND_ROW + M.b);
  const maxRc = Math.max(1, ...points.map((p) => p.meanRc));
  const x = scaleLinear()
    .domain([0, maxRc * 1.1])
    .range([M.l + INSET, M.l + PW - INSET])
    .nice();
  const y = scaleLinear()
    .domain([0, 1])
    .range([H - M.b - INSET, M.t + INSET]);
  const r = scaleSqrt().domain([0, maxRc]).range([4, 14]);
  const labels = placeLabels(
    points.map((p) => ({ text: p.strategy, x: x(p.meanRc), y: y(p.acc ?? 0), r: r(p.meanRc) })),
    { left: M.l + 2, right: M.l + PW - 2, top: M.t + 10, bottom: H - M.b - 4 },
  );
  return (
    <figure className="chart">
      <svg
        ref={ref}
        width={W}
        height={H}
        className="scatter"
        role="img"
        aria-label="Accuracy vs mean retrieval count"
        data-testid="scatter"
      >
        <line x1={M.l} x2={M.l + PW} y1={H - M.b} y2={H - M.b} className="axis" />
        <line x1={M.l} x2={M.l} y1={M.t} y2={H - M.b} className="axis" />
        {x.ticks(5).map((v) => (
          <text key={`x${v}`} x={x(v)} y={H - M.b + 16} textAnchor="middle" className="tick">
            {v}
          </text>
        ))}
        {y.ticks(5).map((v) => (
          <text key={`y${v}`} x={M.l - 8} y={y(v) + 4} textAnchor="end" className="tick">
            {Math.round(v * 100)}
          </text>
        ))}
        <text x={M.l + PW / 2} y={H - 8} textAnchor="middle" className="axis-label">
          mean retrieval count (RC)
        </text>
        <text
          x={14}
          y={(H - M.b + M.t) / 2}
          textAnchor="middle"
          className="axis-label"
          transform={`rotate(-90 14 ${(H - M.b + M.t) / 2})`}
        >
          accuracy (acc) %
        </text>
        {points.map((p, i) => (
          <circle
            key={p.strategy}
            cx={x(p.meanRc)}
            cy={y(p.acc ?? 0)}
            r={r(p.meanRc)}
            className="pt"
            data-testid="scatter-point"
            fill={items[i]!.color}
            fillOpacity={0.35}
            stroke={items[i]!.color}
          >
            <title>
              {p.strategy}: acc {pct(p.acc)}%, mean RC {p.meanRc.toFixed(2)}
            </title>
          </circle>
        ))}
        {labels.map((l) => (
          <text key={l.text} x={l.x} y={l.y} textAnchor={l.anchor} className="pt-label">
            {l.text}
          </text>
        ))}
        <SvgLegend items={legend} x={M.l + PW + 20} y={M.t + 8} />
      </svg>
      <figcaption className="chart-actions">
        <FigureExport svgRef={ref} name={exportName} />
      </figcaption>
    </figure>
  );
}
