// Per-trajectory metrics: answer quality, retrieval count and retrieval quality, computed from the
// Trajectory alone (never read back from an importer's own scores).
import type { Doc, Step, Trajectory } from '../schema/trajectory';
import { coverEM, exactMatch, f1Score } from './answer';
import { containsAnyAnswer, type Normalization, normalizeText, normalizeTitle } from './normalize';

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
  /** Trajectories averaged. */
  count: number;
}

/** Step kinds whose docs are retrieval results (rank/record steps may repeat them). */
const RETRIEVAL_KINDS: ReadonlySet<Step['kind']> = new Set(['retrieve', 'search']);

export function isRetrievalStep(s: Step): s is Step & { docs: Doc[] } {
  return RETRIEVAL_KINDS.has(s.kind) && s.docs !== undefined && s.docs.length > 0;
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

/** Gold answers, empty when there is no gold. */
export function goldAnswers(t: Trajectory): readonly string[] {
  return t.gold?.answers ?? [];
}

/** The builder's `containsAnswer` flag, recomputed when an unfinalized doc lacks it. */
export function docContainsAnswer(d: Doc, answers: readonly string[]): boolean {
  if (answers.length === 0) return false;
  return d.containsAnswer ?? containsAnyAnswer(`${d.title ?? ''} ${d.text}`, answers);
}

/** Queries of a search step; a search step without `queries` counts its text as one query. */
export function stepQueries(s: Step): string[] {
  if (s.queries && s.queries.length > 0) return s.queries;
  return s.text !== undefined && s.text.trim() !== '' ? [s.text] : [];
}

/** Fraction of the gold supporting passages among `docs` (by id or title); null without any. */
export function goldPassageRecall(t: Trajectory, docs: readonly Doc[]): number | null {
  const supporting = t.gold?.supporting;
  if (!supporting || supporting.length === 0) return null;
  // HotpotQA lists one supporting fact per sentence; the same passage counts once.
  const keys = new Map<string, { docId?: string; title: string }>();
  for (const s of supporting) {
    const title = normalizeTitle(s.title ?? '');
    const entry: { docId?: string; title: string } = { title };
    if (s.docId !== undefined) entry.docId = s.docId;
    keys.set(`${s.docId ?? ''}\u0000${title}`, entry);
  }
  const ids = new Set(docs.map((d) => d.id));
  const titles = new Set(docs.map((d) => normalizeTitle(d.title ?? '')).filter(Boolean));
  let hit = 0;
  for (const k of keys.values()) {
    if ((k.docId !== undefined && ids.has(k.docId)) || (k.title !== '' && titles.has(k.title))) hit += 1;
  }
  return hit / keys.size;
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
    f1: score(f1Score),
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

/** Means of em/f1/acc/rc over a list, ignoring nulls; null when nothing is left to average. */
export function meanMetrics(list: readonly TrajectoryMetrics[]): MeanMetrics {
  return {
    em: mean(list.map((m) => m.em)),
    f1: mean(list.map((m) => m.f1)),
    acc: mean(list.map((m) => m.acc)),
    judge: mean(list.map((m) => m.judge)),
    rc: mean(list.map((m) => m.rc)),
    count: list.length,
  };
}
