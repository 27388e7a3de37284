// "Logs against logs": two runs over the same questions, paired, and the numbers a researcher
// needs to say whether B beats A — the 2×2 paired table, McNemar's exact test, a paired bootstrap
// interval of the metric's difference, retrieval counts and the questions that flipped. Every
// per-trajectory number comes from `trajectoryView`, the one derivation the table uses. Pure.
import { finalAnswerText, goldAnswers } from '../metrics/trajectory-metrics';
import type { Trajectory } from '../schema/trajectory';
import { trajectoryView } from '../view/trajectory-view';
import { type BootstrapInterval, type BootstrapOptions, pairedBootstrap } from './bootstrap';
import { mcnemarExact } from './mcnemar';
import { pairRuns } from './pair';

/** Correctness metrics a paired test can use: all are 0/1 per question. */
export const PAIRED_METRICS = ['em', 'acc', 'judge'] as const;
export type PairedMetric = (typeof PAIRED_METRICS)[number];

export const PAIRED_METRIC_LABELS: Record<PairedMetric, string> = {
  em: 'EM (exact match)',
  acc: 'acc (cover-EM: gold contained in the answer)',
  judge: "judge (the log's own LLM verdict)",
};

export interface PairedTable {
  bothCorrect: number;
  aOnly: number;
  bOnly: number;
  bothWrong: number;
}

export interface Flip {
  question: string;
  aId: string;
  bId: string;
  aAnswer: string;
  bAnswer: string;
  gold: readonly string[];
  /** The side that got it right. */
  winner: 'a' | 'b';
}

export interface PairedComparison {
  metric: PairedMetric;
  /** Questions both sides ran. */
  pairs: number;
  /** Pairs where the metric is undefined on either side (no gold, no judge verdict): left out of the test. */
  undefinedPairs: number;
  table: PairedTable;
  mcnemarP: number;
  /** Percentile interval of mean(B − A) of the metric over scored pairs; null when none is scored. */
  bootstrap: BootstrapInterval | null;
  /** Metric means over the scored pairs (so metricB − metricA = bootstrap.diff). */
  metricA: number | null;
  metricB: number | null;
  /** Each metric's means over the pairs where it is defined on both sides (EM is reported whatever the test). */
  means: Record<PairedMetric, { a: number | null; b: number | null; pairs: number }>;
  /** Mean retrieval counts over all pairs, and mean(B − A). */
  rcA: number | null;
  rcB: number | null;
  rcDiff: number | null;
  unmatchedA: number;
  unmatchedB: number;
  duplicatesA: number;
  duplicatesB: number;
  qidTextConflicts: number;
  /** Pairs where exactly one side is right, in A's order. */
  flips: Flip[];
}

const mean = (xs: readonly number[]): number | null =>
  xs.length === 0 ? null : xs.reduce((s, x) => s + x, 0) / xs.length;

export function comparePaired(
  a: readonly Trajectory[],
  b: readonly Trajectory[],
  metric: PairedMetric = 'em',
  bootstrap: BootstrapOptions = {},
): PairedComparison {
  const p = pairRuns(a, b);
  const table: PairedTable = { bothCorrect: 0, aOnly: 0, bOnly: 0, bothWrong: 0 };
  const scoresA: number[] = [];
  const scoresB: number[] = [];
  const rcA: number[] = [];
  const rcB: number[] = [];
  const flips: Flip[] = [];
  const both = Object.fromEntries(PAIRED_METRICS.map((m) => [m, { a: [] as number[], b: [] as number[] }]));
  let undefinedPairs = 0;
  for (const { a: ta, b: tb } of p.pairs) {
    const ma = trajectoryView(ta).metrics;
    const mb = trajectoryView(tb).metrics;
    for (const m of PAIRED_METRICS) {
      const x = ma[m];
      const y = mb[m];
      if (x !== null && y !== null) {
        both[m]?.a.push(x);
        both[m]?.b.push(y);
      }
    }
    rcA.push(ma.rc);
    rcB.push(mb.rc);
    const sa = ma[metric];
    const sb = mb[metric];
    if (sa === null || sb === null) {
      undefinedPairs += 1;
      continue;
    }
    scoresA.push(sa);
    scoresB.push(sb);
    const ra = sa === 1;
    const rb = sb === 1;
    if (ra && rb) table.bothCorrect += 1;
    else if (!ra && !rb) table.bothWrong += 1;
    else {
      if (ra) table.aOnly += 1;
      else table.bOnly += 1;
      flips.push({
        question: ta.question,
        aId: ta.id,
        bId: tb.id,
        aAnswer: finalAnswerText(ta) ?? '',
        bAnswer: finalAnswerText(tb) ?? '',
        gold: goldAnswers(ta).length > 0 ? goldAnswers(ta) : goldAnswers(tb),
        winner: ra ? 'a' : 'b',
      });
    }
  }
  const rcDiffs = rcA.map((x, i) => (rcB[i] ?? 0) - x);
  return {
    metric,
    pairs: p.pairs.length,
    undefinedPairs,
    table,
    mcnemarP: mcnemarExact(table.aOnly, table.bOnly),
    bootstrap: pairedBootstrap(
      scoresA.map((x, i) => (scoresB[i] ?? 0) - x),
      bootstrap,
    ),
    means: Object.fromEntries(
      PAIRED_METRICS.map((m) => [
        m,
        { a: mean(both[m]?.a ?? []), b: mean(both[m]?.b ?? []), pairs: both[m]?.a.length ?? 0 },
      ]),
    ) as PairedComparison['means'],
    metricA: mean(scoresA),
    metricB: mean(scoresB),
    rcA: mean(rcA),
    rcB: mean(rcB),
    rcDiff: mean(rcDiffs),
    unmatchedA: p.unmatchedA.length,
    unmatchedB: p.unmatchedB.length,
    duplicatesA: p.duplicatesA.length,
    duplicatesB: p.duplicatesB.length,
    qidTextConflicts: p.qidTextConflicts.length,
    flips,
  };
}
