import { scaleLinear, schemeTableau10 } from 'd3';
import { useRef } from 'react';
import { FigureExport } from './ExportButtons';
import { DASHES, LEGEND_ROW, legendWidth, Marker, SHAPES, SvgLegend } from './SvgLegend';

export interface LineSeries {
  label: string;
  points: ReadonlyArray<{ x: number; y: number; n: number }>;
}

/**
 * Lines of y against a swept parameter, one per series, with a legend at the right and the grid's
 * values as the x ticks. React renders the SVG; d3 only computes scales.
 */
export function LinePlot({
  title,
  xLabel,
  yLabel,
  series,
  xValues,
  percent,
  exportName,
  testId,
}: {
  title: string;
  xLabel: string;
  yLabel: string;
  series: readonly LineSeries[];
  /** Every value of the parameter (ticks), including ones with no finished run yet. */
  xValues: readonly number[];
  /** y is a fraction shown as a percentage on a 0–100 axis. */
  percent?: boolean;
  exportName: string;
  testId?: string;
}) {
  const ref = useRef<SVGSVGElement>(null);
  const items = series.map((s, i) => ({
    label: s.label,
    color: schemeTableau10[i % 10]!,
    mark: 'line' as const,
    shape: SHAPES[i % SHAPES.length]!,
    dash: DASHES[i % DASHES.length]!,
  }));
  const lw = legendWidth(items);
  const M = { l: 56, r: 28 + lw, t: 30, b: 46 };
  // Points keep clear of the axes: a value of 0 does not sit on the x axis.
  const INSET = 10;
  const PW = 270;
  const W = M.l + PW + M.r;
  const H = Math.max(250, M.t + items.length * LEGEND_ROW + M.b);
  const lo = Math.min(...xValues);
  const hi = Math.max(...xValues);
  const pad = hi === lo ? 1 : (hi - lo) * 0.08;
  const x = scaleLinear()
    .domain([lo - pad, hi + pad])
    .range([M.l, M.l + PW]);
  const maxY = Math.max(0, ...series.flatMap((s) => s.points.map((p) => p.y)));
  const y = scaleLinear()
    .domain([0, percent ? 1 : Math.max(1, maxY * 1.15)])
    .nice()
    .range([H - M.b - INSET, M.t]);
  const fmtY = (v: number) => (percent ? String(Math.round(v * 100)) : String(Number(v.toFixed(2))));
  return (
    <figure className="chart" data-testid={testId}>
      <svg ref={ref} width={W} height={H} className="plot" role="img" aria-label={title}>
        <text x={M.l} y={16} className="chart-title">
          {title}
        </text>
        {y.ticks(5).map((v) => (
          <g key={`y${v}`}>
            <line x1={M.l} x2={M.l + PW} y1={y(v)} y2={y(v)} className="grid" />
            <text x={M.l - 8} y={y(v) + 4} textAnchor="end" className="tick">
              {fmtY(v)}
            </text>
          </g>
        ))}
        {xValues.map((v) => (
          <text key={`x${v}`} x={x(v)} y={H - M.b + 16} textAnchor="middle" className="tick">
            {v}
          </text>
        ))}
        <line x1={M.l} x2={M.l + PW} y1={H - M.b} y2={H - M.b} className="axis" />
        <line x1={M.l} x2={M.l} y1={M.t} y2={H - M.b} className="axis" />
        <text x={M.l + PW / 2} y={H - 8} textAnchor="middle" className="axis-label">
          {xLabel}
        </text>
        <text
          x={14}
          y={(H - M.b + M.t) / 2}
          textAnchor="middle"
          className="axis-label"
          transform={`rotate(-90 14 ${(H - M.b + M.t) / 2})`}
        >
          {yLabel}
        </text>
        {series.map((s, i) => (
          <g key={s.label} data-testid="series" data-label={s.label}>
            <path
              d={s.points.map((p, j) => `${j ? 'L' : 'M'}${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`).join('')}
              className="series-line"
              fill="none"
              stroke={items[i]!.color}
              strokeWidth={2}
              strokeDasharray={items[i]!.dash || undefined}
            />
            {s.points.map((p) => (
              <Marker
                key={p.x}
                shape={items[i]!.shape}
                x={x(p.x)}
                y={y(p.y)}
                r={3.5}
                color={items[i]!.color}
                testId="plot-point"
              >
                <title>
                  {s.label} at {xLabel} {p.x}: {fmtY(p.y)}
                  {percent ? '%' : ''} ({p.n} runs)
                </title>
              </Marker>
            ))}
          </g>
        ))}
        <SvgLegend items={items} x={M.l + PW + 20} y={M.t + 6} />
      </svg>
      <figcaption className="chart-actions">
        <FigureExport svgRef={ref} name={exportName} />
      </figcaption>
    </figure>
  );
}
