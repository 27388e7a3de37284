// The comparison view of batch runs (and of any trajectories): per strategy EM / F1 / acc, mean RC
// and latency; per dataset; and the When-to-Search four-category breakdown of each retrieval
// strategy against Direct on the same questions. Pure.
import { trajectoryMetrics } from '../metrics/trajectory-metrics';
import { type FourCategories, fourCategories, pairByQuestion } from '../rewards/four-categories';
import type { Trajectory } from '../schema/trajectory';

export interface Summary {
  strategy: string;
  dataset?: string;
  n: number;
  /** Means over trajectories with gold; null when none has gold. */
  em: number | null;
  f1: number | null;
  acc: number | null;
  meanRc: number;
  meanQueries: number;
  /** Mean wall time of runs that recorded it. */
  meanMs: number | null;
}

function mean(xs: ReadonlyArray<number | null | undefined>): number | null {
  let s = 0;
  let n = 0;
  for (const x of xs)
    if (typeof x === 'number' && Number.isFinite(x)) {
      s += x;
      n += 1;
    }
  return n === 0 ? null : s / n;
}

/** The summary of one group of trajectories (a strategy, a dataset's strategy, a sweep's grid point). */
export function summarize(ts: readonly Trajectory[], strategy: string, dataset?: string): Summary {
  const ms = ts.map((t) => trajectoryMetrics(t));
  const out: Summary = {
    strategy,
    n: ts.length,
    em: mean(ms.map((m) => m.em)),
    f1: mean(ms.map((m) => m.f1)),
    acc: mean(ms.map((m) => m.acc)),
    meanRc: mean(ms.map((m) => m.rc)) ?? 0,
    meanQueries: mean(ms.map((m) => m.queries)) ?? 0,
    meanMs: mean(ts.map((t) => t.timing?.ms)),
  };
  if (dataset !== undefined) out.dataset = dataset;
  return out;
}

function groupBy<T>(xs: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const x of xs) {
    const k = key(x);
    const list = m.get(k);
    if (list) list.push(x);
    else m.set(k, [x]);
  }
  return m;
}

/** One summary per strategy, in first-seen order. */
export function summarizeByStrategy(ts: readonly Trajectory[]): Summary[] {
  return [...groupBy(ts, (t) => t.agent.strategy)].map(([s, list]) => summarize(list, s));
}

/** One summary per (dataset, strategy); trajectories without a dataset are grouped as "—". */
export function summarizeByDataset(ts: readonly Trajectory[]): Summary[] {
  const out: Summary[] = [];
  for (const [d, list] of groupBy(ts, (t) => t.source.dataset ?? '—'))
    for (const [s, sub] of groupBy(list, (t) => t.agent.strategy)) out.push(summarize(sub, s, d));
  return out;
}

export interface Breakdown {
  strategy: string;
  baseline: string;
  result: FourCategories;
  unmatched: number;
}

/**
 * For every strategy other than the baseline (Direct: no retrieval) that ran on some of the same
 * questions, the four categories of its answers against the baseline's.
 */
export function retrievalBreakdown(ts: readonly Trajectory[], baseline = 'direct'): Breakdown[] {
  const by = groupBy(ts, (t) => t.agent.strategy);
  const base = by.get(baseline);
  if (!base) return [];
  const out: Breakdown[] = [];
  for (const [s, list] of by) {
    if (s === baseline) continue;
    const { pairs, unmatched } = pairByQuestion(list, base);
    if (pairs.length)
      out.push({ strategy: s, baseline, result: fourCategories(pairs), unmatched: unmatched.length });
  }
  return out;
}
