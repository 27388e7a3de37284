// The over-steps plots: which number of a step summary each one draws, and how a point's numbers
// read. Every value comes from summarizeSteps (core/training/step-summary.ts), the function
// `run-summary` prints; nothing here recomputes one.
import { schemeTableau10 } from 'd3';
import type { StepSummary } from '../../../core/training/step-summary';
import type { StepPoint, StepSeries } from './StepChart';

export interface StepMetric {
  id: string;
  title: string;
  yLabel: string;
  percent?: boolean;
  /** Whole numbers (searches per sample): drawn as steps. */
  stepped?: boolean;
  /** The plotted value of a step; null: no point (e.g. accuracy of a step with no gold answers). */
  value: (s: StepSummary) => number | null;
  /** The band around it (searches: quartiles). */
  band?: (s: StepSummary) => [number, number];
  /** The read-out lines of a step for this plot. */
  detail: (s: StepSummary) => string[];
}

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);
const num = (v: number | null, digits = 3) => (v === null ? '—' : String(Number(v.toFixed(digits))));

export const STEP_METRICS: readonly StepMetric[] = [
  {
    id: 'accuracy',
    title: 'Accuracy',
    yLabel: 'accuracy %',
    percent: true,
    value: (s) => s.accuracy,
    detail: (s) => [`accuracy ${pct(s.accuracy)} of ${s.graded} graded samples`],
  },
  {
    id: 'mean_score',
    title: 'Mean reward (score)',
    yLabel: 'mean score',
    value: (s) => s.mean_score,
    detail: (s) => [`mean score ${num(s.mean_score)}`],
  },
  {
    id: 'searches',
    title: 'Searches per trajectory (median, quartile band)',
    yLabel: 'searches',
    stepped: true,
    value: (s) => s.searches.p50,
    band: (s) => [s.searches.p25, s.searches.p75],
    detail: (s) => [
      `median ${s.searches.p50}, quartiles ${s.searches.p25}–${s.searches.p75}`,
      `10–90%: ${s.searches.p10}–${s.searches.p90}, range ${s.searches.min}–${s.searches.max}`,
      `mean ${num(s.searches_mean, 2)}`,
    ],
  },
  {
    id: 'over_search_rate',
    title: 'Over-search rate',
    yLabel: '% of samples',
    percent: true,
    value: (s) => s.over_search_rate,
    detail: (s) => [
      `over-searched ${pct(s.over_search_rate)} of samples`,
      `redundant searches ${pct(s.redundant_search_rate)} of searches`,
    ],
  },
  {
    id: 'under_search_rate',
    title: 'Under-search rate',
    yLabel: '% of answered',
    percent: true,
    value: (s) => s.under_search_rate,
    detail: (s) => [`under-searched ${pct(s.under_search_rate)} of answered samples`],
  },
  {
    id: 'format_error_rate',
    title: 'Format-error rate',
    yLabel: '% of samples',
    percent: true,
    value: (s) => s.format_error_rate,
    detail: (s) => [`format errors ${pct(s.format_error_rate)} of samples`],
  },
  {
    id: 'response_chars_mean',
    title: 'Response length',
    yLabel: 'characters (mean)',
    value: (s) => s.response_chars_mean,
    detail: (s) => [`mean response ${Math.round(s.response_chars_mean)} characters`],
  },
  {
    id: 'duplicate_doc_rate',
    title: 'Duplicate-document rate',
    yLabel: '% of retrieved',
    percent: true,
    value: (s) => s.duplicate_doc_rate,
    detail: (s) => [`re-retrieved ${pct(s.duplicate_doc_rate)} of retrieved passages`],
  },
];

/** One plot per reward extra a run logs (e.g. a format or a search-count reward term). */
export function extraMetrics(steps: readonly StepSummary[]): StepMetric[] {
  const names = [...new Set(steps.flatMap((s) => Object.keys(s.extras)))].sort();
  return names.map((name) => ({
    id: `extra:${name}`,
    title: `Reward extra: ${name}`,
    yLabel: `mean ${name}`,
    value: (s) => s.extras[name] ?? null,
    detail: (s) => [`mean ${name} ${num(s.extras[name] ?? null)}`],
  }));
}

/** Runs in summary order, each with its colour (the same on every plot). */
export function runColors(steps: readonly StepSummary[]): Map<string, string> {
  const runs = [...new Set(steps.map((s) => s.run))];
  return new Map(runs.map((r, i) => [r, schemeTableau10[i % 10]!]));
}

/** A metric's series: one per run, a point per step with a value. */
export function metricSeries(
  steps: readonly StepSummary[],
  metric: StepMetric,
  colors: ReadonlyMap<string, string>,
): StepSeries[] {
  const by = new Map<string, StepPoint[]>();
  for (const s of steps) {
    const y = metric.value(s);
    if (y === null) continue;
    const band = metric.band?.(s);
    const p: StepPoint = band ? { step: s.step, y, lo: band[0], hi: band[1] } : { step: s.step, y };
    const list = by.get(s.run);
    if (list) list.push(p);
    else by.set(s.run, [p]);
  }
  return [...colors].flatMap(([run, color]) => {
    const points = by.get(run);
    return points ? [{ run, color, points }] : [];
  });
}

/** The key of a step summary (run and step), for lookups from a chart's point. */
export function stepKey(run: string, step: number): string {
  return `${run}\u0000${step}`;
}

/** Each metric's series, with what they were drawn from: kept between refreshes (keptSeries). */
export interface KeptSeries {
  /** Each run's summaries, in step order. */
  runs: Map<string, StepSummary[]>;
  /** By metric id: its series (in run order), and each run's (null: no point to draw). */
  byMetric: Map<string, { list: StepSeries[]; byRun: Map<string, StepSeries | null> }>;
}

const sameItems = <T>(a: readonly T[] | undefined, b: readonly T[]) =>
  a !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * metricSeries for every metric, keeping `prev`'s objects where nothing they show changed: a run
 * whose summaries are the same objects as before (the Training page's refresh replaces only the
 * steps an import changed) keeps its series, and a metric whose series all stay keeps its list, so
 * the chart drawing it is skipped. The values are metricSeries' (step-metrics.test.ts).
 */
export function keptSeries(
  prev: KeptSeries | null,
  steps: readonly StepSummary[],
  metrics: readonly StepMetric[],
  colors: ReadonlyMap<string, string>,
): KeptSeries {
  const runs = new Map<string, StepSummary[]>();
  for (const s of steps) {
    const list = runs.get(s.run);
    if (list) list.push(s);
    else runs.set(s.run, [s]);
  }
  const byMetric: KeptSeries['byMetric'] = new Map();
  for (const m of metrics) {
    const before = prev?.byMetric.get(m.id);
    const byRun = new Map<string, StepSeries | null>();
    const list: StepSeries[] = [];
    for (const [run, color] of colors) {
      const own = runs.get(run) ?? [];
      const old = before?.byRun.get(run);
      const s =
        old !== undefined && (old === null || old.color === color) && sameItems(prev?.runs.get(run), own)
          ? old
          : (metricSeries(own, m, new Map([[run, color]]))[0] ?? null);
      byRun.set(run, s);
      if (s) list.push(s);
    }
    byMetric.set(m.id, { list: before && sameItems(before.list, list) ? before.list : list, byRun });
  }
  return { runs, byMetric };
}
