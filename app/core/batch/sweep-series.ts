// A sweep's results: one Summary per grid point (aggregate.ts computes every metric; nothing is
// recomputed here), and per swept parameter the series value → metric that the papers plot
// (APEX-Searcher v2 §3.5 Fig. 3: accuracy against #Doc and #Hop; Learning When to Search §4.2
// Fig. 5: accuracy against top-k). Grid points are found by the parameters each trajectory
// recorded (agent.params), so results never depend on how the runs were stored. Pure.
import type { Trajectory } from '../schema/trajectory';
import type { CsvCell } from '../table/to-csv';
import { type Summary, summarize } from './aggregate';
import { type SweepSpec, type SweepVariant, sweepVariants } from './sweep-grid';
import { SUMMARY_COLUMNS, summaryCells } from './summary-table';

export interface SweepPoint {
  variant: SweepVariant;
  summary: Summary;
}

export type SweepMetric = 'em' | 'f1' | 'acc' | 'meanRc';

export const METRIC_LABELS: Record<SweepMetric, string> = {
  em: 'EM',
  f1: 'F1',
  acc: 'acc',
  meanRc: 'mean RC',
};

export interface SweepSeries {
  metric: SweepMetric;
  /** The other swept parameters, held at these values along the line. */
  fixed: Record<string, number>;
  label: string;
  /** Grid points with finished runs and a value for the metric, by x. */
  points: Array<{ x: number; y: number; n: number }>;
}

function ranAs(t: Trajectory, v: SweepVariant): boolean {
  return (
    t.agent.strategy === v.strategy && Object.entries(v.params).every(([k, x]) => t.agent.params[k] === x)
  );
}

/** One summary per grid point, in grid order (points with no finished run have n = 0). */
export function sweepPoints(spec: SweepSpec, ts: readonly Trajectory[]): SweepPoint[] {
  return sweepVariants(spec).map((variant) => ({
    variant,
    summary: summarize(
      ts.filter((t) => ranAs(t, variant)),
      variant.key,
    ),
  }));
}

/**
 * For one swept parameter: a line per metric and per combination of the other swept parameters,
 * x the parameter's value. Points with no finished run, or no value (no gold), are left out.
 */
export function sweepSeries(
  points: readonly SweepPoint[],
  param: string,
  metrics: readonly SweepMetric[],
): SweepSeries[] {
  const groups = new Map<string, { fixed: Record<string, number>; points: SweepPoint[] }>();
  for (const p of points) {
    const fixed = Object.fromEntries(Object.entries(p.variant.params).filter(([k]) => k !== param));
    const key = JSON.stringify(fixed);
    const g = groups.get(key) ?? { fixed, points: [] };
    g.points.push(p);
    groups.set(key, g);
  }
  const out: SweepSeries[] = [];
  for (const g of groups.values()) {
    const held = Object.entries(g.fixed).map(([k, v]) => `${k}=${v}`);
    for (const metric of metrics) {
      const pts: SweepSeries['points'] = [];
      for (const p of g.points) {
        const y = p.summary[metric];
        const x = p.variant.params[param];
        if (p.summary.n > 0 && typeof y === 'number' && x !== undefined) pts.push({ x, y, n: p.summary.n });
      }
      pts.sort((a, b) => a.x - b.x);
      out.push({ metric, fixed: g.fixed, label: [METRIC_LABELS[metric], ...held].join(' · '), points: pts });
    }
  }
  return out;
}

/** The grid-point table: the swept parameters, then the summary's numbers. */
export function sweepTable(
  spec: SweepSpec,
  points: readonly SweepPoint[],
): { header: string[]; rows: CsvCell[][] } {
  const names = spec.params.map((p) => p.name);
  return {
    header: [...names, ...SUMMARY_COLUMNS],
    rows: points.map((p) => [...names.map((n) => p.variant.params[n]), ...summaryCells(p.summary)]),
  };
}
