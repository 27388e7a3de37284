// The trajectory table's view of a trajectory: computed once at import so 10,000 rows load without
// reading every transcript.
import type { QuestionIndex } from '../corpus/gold-join';
import { type EfficiencyCounts, efficiencyCounts } from '../diagnose/efficiency';
import type { Flag } from '../metrics/flags';
import type { IndexedFrom } from './indexed-row';
import { finalAnswerText } from '../metrics/trajectory-metrics';
import { stepByRef, stepNumber } from '../schema/step-number';
import type { Trajectory } from '../schema/trajectory';
import { responseChars, responseFormatError, rewardExtras, trainingScore } from '../training/response-format';
import { type SearchRow, searchRows } from '../sql/search-rows';
import { type TrajectoryView, trajectoryView } from '../view/trajectory-view';
import { type RowConfidence, rowConfidence } from './row-confidence';
import { rowSearchText } from './search-text';

/** Bumped whenever the row's derivation changes, so stored rows are recomputed. */
export const ROW_VERSION = 14;

/** Most flags a row keeps with their evidence (the trajectory view lists them all). */
export const ROW_FLAG_NOTES = 12;
/** Longest evidence line a row keeps. */
export const ROW_EVIDENCE_CHARS = 200;

/** One flag as the table shows it: kind, the step it points at, and its (shortened) evidence. */
export interface RowFlag {
  kind: Flag['kind'];
  stepId?: string;
  /** The 1-based number of that step, as the trajectory view and its URL show it. */
  step?: number;
  evidence: string;
}

export interface TrajectoryRow {
  v: number;
  id: string;
  question: string;
  strategy: string;
  system: string;
  answer: string;
  gold: string;
  em: number | null;
  f1: number | null;
  acc: number | null;
  /** The log's own judge verdict (1/0), null when the record carries none. */
  judge: number | null;
  /** Fraction of gold supporting passages retrieved; null without gold passages. */
  recall: number | null;
  /** 1 when a retrieved doc holds a gold answer, 0 when none does; null without gold answers. */
  answerInDocs: number | null;
  /** ExSearch's R@3 / R@5 / P@3 / P@5 (trajectoryMetrics); null without gold answers. */
  r3: number | null;
  r5: number | null;
  p3: number | null;
  p5: number | null;
  rc: number;
  queries: number;
  steps: number;
  /** Distinct flag kinds, in the order they first point at a step. */
  flags: Flag['kind'][];
  /** The flags with their evidence, at most ROW_FLAG_NOTES; `flagCount` says how many there were. */
  flagNotes: RowFlag[];
  flagCount: number;
  hasPlan: boolean;
  file: string;
  format: string;
  line: number;
  dataset: string;
  /** The source's own id (FlashRAG `test_0`, a benchmark qid); '' when it has none. */
  qid: string;
  live: boolean;
  /** Lower-cased text the table's search looks through (see rowSearchText). */
  searchText: string;
  /** The question set the row's gold was joined from ('' when the log's own gold, or none). */
  goldFrom: string;
  /** The over/under-search detectors' counts, for the efficiency aggregates (diagnose/efficiency.ts). */
  eff: EfficiencyCounts;
  /** The training run the sample came from (`training.run`); '' when it is not a training rollout. */
  run: string;
  /** The trainer's step the sample was generated at; null when it is not a training rollout. */
  trainStep: number | null;
  /** The sample's reward as the trainer logged it (`reported.score`); null when none. */
  score: number | null;
  /** The trainer's reward extras (a training sample's other numeric `reported` values, e.g. a format reward). */
  extras: Record<string, number>;
  /** The response breaks the agent's tag format (responseFormatError, training/response-format.ts). */
  formatError: boolean;
  /** Length of the response in characters (`raw`, else the steps' own text). */
  responseChars: number;
  /** Its searches as the SQL `searches` table holds them, so that table loads from stored rows. */
  searches: SearchRow[];
  /** Which verdicts are unsure and why (row-confidence.ts); null when not known (a row opened from a Parquet index). */
  sure: RowConfidence | null;
  /** Set when the row was opened from a Parquet index and no trajectory body is stored (indexed-row.ts). */
  indexed?: IndexedFrom;
  /**
   * The collection the trajectory belongs to (core/collections): set by the database when it stores
   * the row, '' outside it (the report, the CLI).
   */
  collection: string;
}

function shorten(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

function rowFlag(f: Flag, t: Trajectory): RowFlag {
  const out: RowFlag = { kind: f.kind, evidence: shorten(f.evidence, ROW_EVIDENCE_CHARS) };
  if (f.stepId !== undefined) {
    out.stepId = f.stepId;
    const step = stepByRef(t, f.stepId);
    if (step) out.step = stepNumber(step);
  }
  return out;
}

/**
 * The table row of a trajectory: its view (core/view, the one derivation every screen shows, with
 * the loaded question sets' gold joined in), cut to what the table keeps.
 */
export function toRow(original: Trajectory, questions: QuestionIndex | null = null): TrajectoryRow {
  return rowOfView(trajectoryView(original, { questions }));
}

/** The table row of a view already derived (the SQL tables read the same view for their searches). */
export function rowOfView(view: TrajectoryView): TrajectoryRow {
  const { trajectory: t, metrics: m, diagnosis: d, flags: all } = view;
  const flags = [...new Set(all.map((f) => f.kind))];
  return {
    v: ROW_VERSION,
    id: t.id,
    question: t.question.slice(0, 500),
    strategy: t.agent.strategy,
    system: t.source.system ?? '',
    answer: (t.answer?.text ?? '').slice(0, 300),
    gold: (t.gold?.answers ?? []).join(' | ').slice(0, 300),
    em: m.em,
    f1: m.f1,
    acc: m.acc,
    // Taken from trajectoryMetrics, never recomputed here: the table, views and CLI agree.
    judge: m.judge,
    recall: m.goldPassageRecall,
    answerInDocs: m.answerRecall,
    r3: m.r3,
    r5: m.r5,
    p3: m.p3,
    p5: m.p5,
    rc: m.rc,
    queries: m.queries,
    steps: m.steps,
    flags,
    flagNotes: all.slice(0, ROW_FLAG_NOTES).map((f) => rowFlag(f, t)),
    flagCount: all.length,
    hasPlan: (t.plan?.length ?? 0) > 0,
    // Forks are what-ifs, not runs of the agent: their own group in the file filter, the
    // aggregates and the paired comparison, never mixed with the live runs they resemble.
    file: t.source.file ?? (t.lineage ? 'forks' : t.source.kind === 'live' ? 'live runs' : ''),
    format: t.source.format ?? '',
    line: t.source.line ?? 0,
    dataset: t.source.dataset ?? '',
    qid: t.source.qid ?? '',
    live: t.source.kind === 'live',
    searchText: rowSearchText(t),
    goldFrom: view.goldFrom ?? '',
    eff: efficiencyCounts(d, finalAnswerText(t) !== undefined),
    run: t.training?.run ?? '',
    trainStep: t.training?.step ?? null,
    score: trainingScore(t),
    extras: rewardExtras(t),
    formatError: responseFormatError(t, m),
    responseChars: responseChars(t),
    searches: searchRows(view),
    sure: rowConfidence(d),
    collection: '',
  };
}
