// The aggregates bar above the table: counts and means over rows, for the current filter and for
// each file group. The one place these means are derived from rows.
import { type EfficiencySummary, summarizeEfficiency } from '../diagnose/efficiency';
import type { TrajectoryRow } from './row';

/** Row fields the bar averages. */
export const AGGREGATE_METRICS = [
  'em',
  'f1',
  'acc',
  'judge',
  'rc',
  'recall',
  'r3',
  'r5',
  'p3',
  'p5',
] as const;
export type AggregateMetric = (typeof AGGREGATE_METRICS)[number];

/** A mean and how many rows it is over (rows where the value is null are left out). */
export interface MeanOf {
  mean: number | null;
  n: number;
}

export interface Aggregate {
  /** '' for the whole filtered set, else the file of the group. */
  file: string;
  count: number;
  means: Record<AggregateMetric, MeanOf>;
  /** Search efficiency from the over/under-search detectors (rates over searches or passages). */
  efficiency: EfficiencySummary;
}

function meanOf(rows: readonly TrajectoryRow[], key: AggregateMetric): MeanOf {
  let sum = 0;
  let n = 0;
  for (const r of rows) {
    const v = r[key];
    if (v === null) continue;
    sum += v;
    n += 1;
  }
  return { mean: n === 0 ? null : sum / n, n };
}

export function aggregateRows(rows: readonly TrajectoryRow[], file = ''): Aggregate {
  const means = Object.fromEntries(AGGREGATE_METRICS.map((k) => [k, meanOf(rows, k)])) as Aggregate['means'];
  return { file, count: rows.length, means, efficiency: summarizeEfficiency(rows.map((r) => r.eff)) };
}

/** The whole set first, then one aggregate per file in order of first appearance. */
export function aggregateByFile(rows: readonly TrajectoryRow[]): Aggregate[] {
  const groups = new Map<string, TrajectoryRow[]>();
  for (const r of rows) {
    const list = groups.get(r.file);
    if (list) list.push(r);
    else groups.set(r.file, [r]);
  }
  return [aggregateRows(rows), ...[...groups].map(([file, list]) => aggregateRows(list, file))];
}
