// The comparison view of batch runs (and of any trajectories): per strategy EM / F1 / acc, the
// log's judge, the share correct under the user's correctness signal, ExSearch's R@k / P@k, mean
// RC and latency; per dataset; and the When-to-Search four-category breakdown of each retrieval
// strategy against Direct on the same questions, under the same signal. Pure.
import { efficiencyCounts, type EfficiencySummary, summarizeEfficiency } from '../diagnose/efficiency';
import { answerCorrect, type Correctness, EM_CORRECTNESS } from '../judge/correctness';
import { finalAnswerText } from '../metrics/trajectory-metrics';
import {
  correctUnder,
  type FourCategories,
  fourCategories,
  pairByQuestion,
} from '../rewards/four-categories';
import type { Trajectory } from '../schema/trajectory';
import { trajectoryView } from '../view/trajectory-view';

export interface Summary {
  strategy: string;
  dataset?: string;
  n: number;
  /** Means over trajectories with gold; null when none has gold. */
  em: number | null;
  f1: number | null;
  acc: number | null;
  /** The log's own judge verdicts, over trajectories that carry one. */
  judge: number | null;
  /** Share correct under the correctness signal, over trajectories it has a verdict on. */
  correct: number | null;
  /** Trajectories the signal has a verdict on (an LLM judge may not have seen them all). */
  judged: number;
  r3: number | null;
  r5: number | null;
  p3: number | null;
  p5: number | null;
  meanRc: number;
  meanQueries: number;
  /** Mean wall time of runs that recorded it. */
  meanMs: number | null;
  /** Search efficiency from the over/under-search detectors (app/core/diagnose/efficiency.ts). */
  efficiency: EfficiencySummary;
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
export function summarize(
  ts: readonly Trajectory[],
  strategy: string,
  dataset?: string,
  correctness: Correctness = EM_CORRECTNESS,
): Summary {
  // Each run's numbers are its trajectory view's, as the table and the trajectory page show them.
  const views = ts.map((t) => trajectoryView(t));
  const ms = views.map((v) => v.metrics);
  const verdicts = ts.map((t, i) => answerCorrect(t, correctness, ms[i]));
  const out: Summary = {
    strategy,
    n: ts.length,
    em: mean(ms.map((m) => m.em)),
    f1: mean(ms.map((m) => m.f1)),
    acc: mean(ms.map((m) => m.acc)),
    judge: mean(ms.map((m) => m.judge)),
    correct: mean(verdicts.map((v) => (v === null ? null : v ? 1 : 0))),
    judged: verdicts.filter((v) => v !== null).length,
    r3: mean(ms.map((m) => m.r3)),
    r5: mean(ms.map((m) => m.r5)),
    p3: mean(ms.map((m) => m.p3)),
    p5: mean(ms.map((m) => m.p5)),
    meanRc: mean(ms.map((m) => m.rc)) ?? 0,
    meanQueries: mean(ms.map((m) => m.queries)) ?? 0,
    meanMs: mean(ts.map((t) => t.timing?.ms)),
    efficiency: summarizeEfficiency(
      views.map((v) => efficiencyCounts(v.diagnosis, finalAnswerText(v.trajectory) !== undefined)),
    ),
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
export function summarizeByStrategy(
  ts: readonly Trajectory[],
  correctness: Correctness = EM_CORRECTNESS,
): Summary[] {
  return [...groupBy(ts, (t) => t.agent.strategy)].map(([s, list]) =>
    summarize(list, s, undefined, correctness),
  );
}

/** One summary per (dataset, strategy); trajectories without a dataset are grouped as "—". */
export function summarizeByDataset(
  ts: readonly Trajectory[],
  correctness: Correctness = EM_CORRECTNESS,
): Summary[] {
  const out: Summary[] = [];
  for (const [d, list] of groupBy(ts, (t) => t.source.dataset ?? '—'))
    for (const [s, sub] of groupBy(list, (t) => t.agent.strategy))
      out.push(summarize(sub, s, d, correctness));
  return out;
}

export interface Breakdown {
  strategy: string;
  baseline: string;
  result: FourCategories;
  unmatched: number;
  /** Questions left out because the signal has no verdict on one side yet. */
  unjudged: number;
}

/**
 * For every strategy other than the baseline (Direct: no retrieval) that ran on some of the same
 * questions, the four categories of its answers against the baseline's.
 */
export function retrievalBreakdown(
  ts: readonly Trajectory[],
  baseline = 'direct',
  correctness: Correctness = EM_CORRECTNESS,
): Breakdown[] {
  const by = groupBy(ts, (t) => t.agent.strategy);
  const base = by.get(baseline);
  if (!base) return [];
  const out: Breakdown[] = [];
  for (const [s, list] of by) {
    if (s === baseline) continue;
    const { pairs, unmatched, unjudged } = pairByQuestion(list, base, correctUnder(correctness));
    if (pairs.length || unjudged.length)
      out.push({
        strategy: s,
        baseline,
        result: fourCategories(pairs),
        unmatched: unmatched.length,
        unjudged: unjudged.length,
      });
  }
  return out;
}
