// Per-trajectory metrics: answer quality, retrieval count and retrieval quality, computed from the
// Trajectory alone (never read back from an importer's own scores).
import type { Doc, Step, Trajectory } from '../schema/trajectory';
import { coverEM, exactMatch, f1RulesFor, f1Score } from './answer';
import { type Normalization, normalizeText } from './normalize';
import { exsearchRetrievalMetrics } from './retrieval-at-k';
import { docContainsAnswer, goldAnswers, goldPassageRecall, isRetrievalStep } from './trajectory-parts';

export { docContainsAnswer, goldAnswers, goldPassageRecall, isRetrievalStep };

export interface TrajectoryMetrics {
  /** Answer scores; null without gold answers. A missing answer with gold scores 0 (a failure). */
  em: number | null;
  f1: number | null;
  acc: number | null;
  /**
   * The log's own judge verdict (R1-Searcher's `gpt4o_output` "True"/"False", kept by the importer
   * as `reported.judge`): 1 or 0; null when the record carries none. Data, not computed here.
   */
  judge: number | null;
  /** Retrieval count: `search` steps; a multi-query turn is one step, so it counts once. */
  rc: number;
  /** Queries over all search steps. */
  queries: number;
  steps: number;
  /** Docs on retrieval steps, duplicates included. */
  docs: number;
  duplicateDocs: number;
  /** Queries whose normalized text equals an earlier query of the trajectory. */
  repeatedQueries: number;
  /** 1 when any retrieved doc holds a gold answer (FlashRAG retrieval recall), else 0; null without gold. */
  answerRecall: number | null;
  /** Fraction of gold supporting passages retrieved; null when gold.supporting is absent or empty. */
  goldPassageRecall: number | null;
  /**
   * ExSearch's R@3 / R@5 (§5.2, Table 3) and P@3 / P@5 (Table 7) of the retrieved documents, a
   * document counting when it holds a gold answer (retrieval-at-k.ts); null without gold answers,
   * P@k also null when nothing was retrieved.
   */
  r3: number | null;
  r5: number | null;
  p3: number | null;
  p5: number | null;
  /** Steps of kind `invalid`. */
  invalidSteps: number;
  /** Highest `hop` on any step; 0 when no step carries one. */
  hops: number;
}

export interface MeanMetrics {
  em: number | null;
  f1: number | null;
  acc: number | null;
  /** Over trajectories that carry a judge verdict. */
  judge: number | null;
  rc: number | null;
  r3: number | null;
  r5: number | null;
  p3: number | null;
  p5: number | null;
  /** Trajectories averaged. */
  count: number;
}

/** 1/0 from the judge verdict the source file carried (`reported.judge`), else null. */
export function judgeVerdict(t: Trajectory): number | null {
  const v = t.reported?.judge;
  return typeof v === 'boolean' ? (v ? 1 : 0) : null;
}

/** The final answer: `t.answer`, else the last `answer` step; undefined when blank. */
export function finalAnswerText(t: Trajectory): string | undefined {
  let text = t.answer?.text;
  if (text === undefined) {
    for (let i = t.steps.length - 1; i >= 0; i--) {
      const s = t.steps[i];
      if (s?.kind === 'answer' && s.text !== undefined) {
        text = s.text;
        break;
      }
    }
  }
  return text !== undefined && text.trim() !== '' ? text : undefined;
}

/** Queries of a search step; a search step without `queries` counts its text as one query. */
export function stepQueries(s: Step): string[] {
  if (s.queries && s.queries.length > 0) return s.queries;
  return s.text !== undefined && s.text.trim() !== '' ? [s.text] : [];
}

export interface MetricOptions {
  /** Answer normalization for EM / F1 / acc: SQuAD's (default) or the extended variant. */
  normalization?: Normalization;
}

export function trajectoryMetrics(t: Trajectory, options: MetricOptions = {}): TrajectoryMetrics {
  const mode = options.normalization;
  const answers = goldAnswers(t);
  const hasGold = answers.length > 0;
  const pred = finalAnswerText(t);

  let rc = 0;
  const seenQueries = new Set<string>();
  let queries = 0;
  let repeatedQueries = 0;
  const docs: Doc[] = [];
  let invalidSteps = 0;
  let hops = 0;
  for (const s of t.steps) {
    if (s.kind === 'search') {
      rc += 1;
      for (const q of stepQueries(s)) {
        queries += 1;
        const n = normalizeText(q);
        if (seenQueries.has(n)) repeatedQueries += 1;
        else seenQueries.add(n);
      }
    }
    if (isRetrievalStep(s)) docs.push(...s.docs);
    if (s.kind === 'invalid') invalidSteps += 1;
    if (s.hop !== undefined) hops = Math.max(hops, s.hop);
  }

  const score = (fn: (p: string, g: readonly string[], m?: Normalization) => number): number | null =>
    hasGold ? (pred === undefined ? 0 : fn(pred, answers, mode)) : null;

  return {
    em: score(exactMatch),
    f1: score((p, g, m) => f1Score(p, g, m, f1RulesFor(t.source.dataset))),
    acc: score(coverEM),
    judge: judgeVerdict(t),
    rc,
    queries,
    steps: t.steps.length,
    docs: docs.length,
    duplicateDocs: docs.filter((d) => d.duplicate === true).length,
    repeatedQueries,
    answerRecall: hasGold ? (docs.some((d) => docContainsAnswer(d, answers)) ? 1 : 0) : null,
    goldPassageRecall: goldPassageRecall(t, docs),
    ...exsearchRetrievalMetrics(t),
    invalidSteps,
    hops,
  };
}

function mean(values: ReadonlyArray<number | null>): number | null {
  let sum = 0;
  let n = 0;
  for (const v of values) {
    if (v === null) continue;
    sum += v;
    n += 1;
  }
  return n === 0 ? null : sum / n;
}

/** Means of em/f1/acc/judge/rc/R@k/P@k over a list, ignoring nulls; null when nothing is left to average. */
export function meanMetrics(list: readonly TrajectoryMetrics[]): MeanMetrics {
  return {
    em: mean(list.map((m) => m.em)),
    f1: mean(list.map((m) => m.f1)),
    acc: mean(list.map((m) => m.acc)),
    judge: mean(list.map((m) => m.judge)),
    rc: mean(list.map((m) => m.rc)),
    r3: mean(list.map((m) => m.r3)),
    r5: mean(list.map((m) => m.r5)),
    p3: mean(list.map((m) => m.p3)),
    p5: mean(list.map((m) => m.p5)),
    count: list.length,
  };
}
