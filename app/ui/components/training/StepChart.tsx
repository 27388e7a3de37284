import { area, bisector, curveStepAfter, line, scaleLinear } from 'd3';
import { type KeyboardEvent, memo, type MouseEvent, useId, useMemo, useRef, useState } from 'react';
import { FigureExport } from '../charts/ExportButtons';
import { DASHES, legendWidth, SvgLegend } from '../charts/SvgLegend';
import { tipPlacement } from '../charts/tip-placement';
import { runLabel } from '../../../core/training/run-label';

/** One training step of one run on a chart: the plotted value and, for a distribution, its band. */
export interface StepPoint {
  step: number;
  y: number;
  /** A band drawn around the line (searches: first to third quartile). */
  lo?: number;
  hi?: number;
}

export interface StepSeries {
  run: string;
  color: string;
  points: readonly StepPoint[];
}

// Two charts side by side from a 1280 px window (the grid in training.css).
const W = 600;
const H = 230;
const PLOT_W_MIN = 300;

/** Steps of a series in order, found by bisection (hover and keys look up the nearest step). */
const byStep = bisector((p: StepPoint) => p.step);

function nearestIndex(points: readonly StepPoint[], step: number): number {
  const i = byStep.center(points, step);
  return Math.max(0, Math.min(points.length - 1, i));
}

/**
 * A metric over training steps, one line per run, with a legend. Hover or the arrow keys pick a
 * point and show its numbers as text; a click or Enter opens that step's trajectories. React renders
 * the SVG; d3 computes the scales and path strings only. Memo: a refresh that leaves a plot's
 * series the same objects (keptSeries) skips it.
 */
export const StepChart = memo(function StepChart({
  title,
  yLabel,
  series,
  percent,
  stepped,
  describe,
  onOpen,
  exportName,
  testId,
}: {
  title: string;
  yLabel: string;
  series: readonly StepSeries[];
  /** y is a rate shown as a percentage on a 0–100 axis. */
  percent?: boolean | undefined;
  /** Whole-number values (searches): drawn as steps, not slopes between steps. */
  stepped?: boolean | undefined;
  /** The lines a point's read-out shows (plain text). */
  describe: (run: string, step: number) => string[];
  onOpen: (run: string, step: number) => void;
  exportName: string;
  testId?: string;
}) {
  const ref = useRef<SVGSVGElement>(null);
  const tipId = useId();
  const [cursor, setCursor] = useState<{ s: number; i: number } | null>(null);
  const legend = series.map((s, k) => ({
    label: runLabel(s.run),
    color: s.color,
    mark: 'line' as const,
    dash: DASHES[k % DASHES.length]!,
  }));
  const lw = series.length > 1 ? legendWidth(legend) : 0;
  const M = { l: 50, r: 16 + lw, t: 28, b: 36 };
  const pw = Math.max(PLOT_W_MIN, W - M.l - M.r);
  const width = M.l + pw + M.r;
  const { x, y, paths } = useMemo(() => {
    const all = series.flatMap((s) => s.points);
    const steps = all.map((p) => p.step);
    const lo = Math.min(...steps);
    const hi = Math.max(...steps);
    const x = scaleLinear()
      .domain(all.length === 0 ? [0, 1] : lo === hi ? [lo - 1, hi + 1] : [lo, hi])
      .range([M.l, M.l + pw]);
    const top = Math.max(0, ...all.map((p) => p.hi ?? p.y));
    const bottom = Math.min(0, ...all.map((p) => p.lo ?? p.y));
    const y = scaleLinear()
      .domain(percent ? [0, 1] : [bottom, top > bottom ? top * 1.08 : 1])
      .nice()
      .range([H - M.b, M.t]);
    const l = line<StepPoint>()
      .x((p) => x(p.step))
      .y((p) => y(p.y));
    const band = area<StepPoint>()
      .x((p) => x(p.step))
      .y0((p) => y(p.lo ?? p.y))
      .y1((p) => y(p.hi ?? p.y));
    if (stepped) {
      l.curve(curveStepAfter);
      band.curve(curveStepAfter);
    }
    const paths = series.map((s) => ({
      line: l(s.points as StepPoint[]) ?? '',
      band: s.points.some((p) => p.lo !== undefined) ? (band(s.points as StepPoint[]) ?? '') : null,
    }));
    return { x, y, paths };
  }, [series, percent, stepped, M.l, M.b, M.t, pw]);
  const fmt = (v: number) => (percent ? `${Math.round(v * 100)}` : String(Number(v.toFixed(2))));
  const at = cursor && series[cursor.s]?.points[cursor.i] ? cursor : null;
  const point = at ? series[at.s]!.points[at.i]! : null;
  const run = at ? series[at.s]!.run : '';

  /** The point nearest the mouse: the step under it, on the run whose line is closest. */
  const pick = (e: MouseEvent<SVGRectElement>) => {
    const box = e.currentTarget.ownerSVGElement!.getBoundingClientRect();
    const step = x.invert(e.clientX - box.left);
    const my = e.clientY - box.top;
    let best: { s: number; i: number; d: number } | null = null;
    series.forEach((s, k) => {
      if (s.points.length === 0) return;
      const i = nearestIndex(s.points, step);
      const d = Math.abs(y(s.points[i]!.y) - my) + Math.abs(x(s.points[i]!.step) - (e.clientX - box.left));
      if (!best || d < best.d) best = { s: k, i, d };
    });
    setCursor(best);
    return best as { s: number; i: number } | null;
  };

  const onKey = (e: KeyboardEvent<SVGSVGElement>) => {
    const c = at ?? (series.length && series[0]!.points.length ? { s: 0, i: 0 } : null);
    if (!c) return;
    const pts = series[c.s]!.points;
    let next: { s: number; i: number } | null = null;
    if (e.key === 'ArrowRight') next = { s: c.s, i: at ? Math.min(pts.length - 1, c.i + 1) : 0 };
    else if (e.key === 'ArrowLeft') next = { s: c.s, i: at ? Math.max(0, c.i - 1) : 0 };
    else if (e.key === 'Home') next = { s: c.s, i: 0 };
    else if (e.key === 'End') next = { s: c.s, i: pts.length - 1 };
    else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && series.length > 1) {
      // Another run, at the step nearest the one shown.
      const s = (c.s + (e.key === 'ArrowDown' ? 1 : series.length - 1)) % series.length;
      if (series[s]!.points.length) next = { s, i: nearestIndex(series[s]!.points, pts[c.i]!.step) };
    } else if (e.key === 'Enter' && at) {
      e.preventDefault();
      // The Enter is the chart's: the table it opens listens on the window and would take it too
      // (opening its first row once the step's rows have come).
      e.stopPropagation();
      onOpen(series[at.s]!.run, pts[at.i]!.step);
      return;
    } else if (e.key === 'Escape') {
      setCursor(null);
      return;
    }
    if (next) {
      e.preventDefault();
      setCursor(next);
    }
  };

  const tip = point ? describe(run, point.step) : [];
  // Inside the plot, clear of the legend at its right (the box is the SVG's width).
  const place = point ? tipPlacement(x(point.step), M.l, M.l + pw) : null;
  return (
    <figure className="chart step-chart" data-testid={testId}>
      <div className="step-chart-box">
        <svg
          ref={ref}
          width={width}
          height={H}
          className="plot"
          role="img"
          aria-label={`${title}, by training step${series.length > 1 ? `, ${series.length} runs` : ''}. Arrow keys pick a step, Enter opens its trajectories.`}
          aria-describedby={tipId}
          tabIndex={0}
          onKeyDown={onKey}
          onBlur={() => setCursor(null)}
        >
          <text x={M.l} y={16} className="chart-title">
            {title}
          </text>
          {y.ticks(4).map((v) => (
            <g key={`y${v}`}>
              <line x1={M.l} x2={M.l + pw} y1={y(v)} y2={y(v)} className="grid" />
              <text x={M.l - 6} y={y(v) + 4} textAnchor="end" className="tick">
                {fmt(v)}
              </text>
            </g>
          ))}
          {x.ticks(6).map((v) => (
            <text key={`x${v}`} x={x(v)} y={H - M.b + 14} textAnchor="middle" className="tick">
              {v}
            </text>
          ))}
          <line x1={M.l} x2={M.l + pw} y1={H - M.b} y2={H - M.b} className="axis" />
          <line x1={M.l} x2={M.l} y1={M.t} y2={H - M.b} className="axis" />
          <text x={M.l + pw / 2} y={H - 6} textAnchor="middle" className="axis-label">
            training step
          </text>
          <text
            x={12}
            y={(H - M.b + M.t) / 2}
            textAnchor="middle"
            className="axis-label"
            transform={`rotate(-90 12 ${(H - M.b + M.t) / 2})`}
          >
            {yLabel}
          </text>
          {series.map((s, k) => (
            <g key={s.run} data-testid="step-series" data-run={s.run}>
              {paths[k]!.band !== null && (
                <path d={paths[k]!.band!} fill={s.color} fillOpacity={0.13} stroke="none" />
              )}
              <path
                d={paths[k]!.line}
                fill="none"
                stroke={s.color}
                strokeWidth={1.8}
                strokeDasharray={legend[k]!.dash || undefined}
              />
              {s.points.length === 1 && (
                <circle cx={x(s.points[0]!.step)} cy={y(s.points[0]!.y)} r={3} fill={s.color} />
              )}
            </g>
          ))}
          {point && (
            <g className="step-cursor" pointerEvents="none">
              <line x1={x(point.step)} x2={x(point.step)} y1={M.t} y2={H - M.b} stroke="#9aa6b6" />
              <circle
                cx={x(point.step)}
                cy={y(point.y)}
                r={4.5}
                fill="var(--panel)"
                stroke={series[at!.s]!.color}
                strokeWidth={2}
              />
            </g>
          )}
          {series.length > 1 && <SvgLegend items={legend} x={M.l + pw + 16} y={M.t + 6} />}
          <rect
            x={M.l}
            y={M.t}
            width={pw}
            height={H - M.t - M.b}
            fill="transparent"
            style={{ cursor: 'pointer' }}
            data-testid="step-chart-hit"
            onMouseMove={pick}
            onMouseLeave={() => setCursor(null)}
            onClick={(e) => {
              const c = pick(e);
              if (c) onOpen(series[c.s]!.run, series[c.s]!.points[c.i]!.step);
            }}
          />
        </svg>
        <div
          id={tipId}
          className="step-tip"
          data-testid="step-tip"
          role="status"
          hidden={!point}
          style={
            place
              ? {
                  ...(place.flip ? { right: width - place.x } : { left: place.x }),
                  top: M.t,
                  maxWidth: place.maxWidth,
                }
              : undefined
          }
        >
          {tip.map((t, k) => (
            <div key={k} className={k === 0 ? 'step-tip-head' : undefined}>
              {t}
            </div>
          ))}
        </div>
      </div>
      <figcaption className="chart-actions">
        <FigureExport svgRef={ref} name={exportName} />
      </figcaption>
    </figure>
  );
});
