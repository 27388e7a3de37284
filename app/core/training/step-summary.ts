// One summary per (run, training step) of the rows of that step's samples: what the over-steps
// plots draw and what `run-summary` prints, from this one function (docs/guide/training-runs.md).
// Every rate is over the samples of the step unless its comment says otherwise.
import {
  type EfficiencyCounts,
  type EfficiencyTotals,
  efficiencyRates,
  efficiencyTotals,
} from '../diagnose/efficiency';
import type { TrajectoryRow } from '../table/row';

/** What a summary reads of a row (the table worker's rows, or rows the CLI derives with toRow). */
export type StepRow = Pick<
  TrajectoryRow,
  'run' | 'trainStep' | 'acc' | 'score' | 'extras' | 'rc' | 'eff' | 'formatError' | 'responseChars'
>;

/** Searches per sample in one step: quantiles (nearest rank) and the count of samples per number. */
export interface SearchDistribution {
  min: number;
  p10: number;
  p25: number;
  p50: number;
  p75: number;
  p90: number;
  max: number;
  /** `hist[k]`: samples with exactly k searches (k from 0 to max). */
  hist: number[];
}

export interface StepSummary {
  run: string;
  step: number;
  samples: number;
  /** Samples with gold answers (what `accuracy` is over). */
  graded: number;
  /** Mean of the table's `acc` (gold answer covered by the answer) over graded samples; null with none. */
  accuracy: number | null;
  /** Mean trainer score over samples that carry one; null with none. */
  mean_score: number | null;
  /** Mean searches per sample (the table's `rc`: search actions, a multi-query turn counting once). */
  searches_mean: number;
  searches: SearchDistribution;
  /**
   * Share of the step's samples with at least one search the over-search detector marks redundant
   * (diagnose/redundancy.ts via diagnose(): a search after the evidence was already sufficient,
   * ExSearch appendix F.3). Per sample, so it reads as "how many rollouts over-searched".
   */
  over_search_rate: number;
  /** Redundant searches / searches, the table's "Redundant" aggregate (diagnose/efficiency.ts); null without searches. */
  redundant_search_rate: number | null;
  /**
   * Share of the answered samples the under-search detector flags (diagnose/under-search.ts: an
   * answer given before the evidence supported it); the table's "Under" aggregate. null when no
   * sample answered.
   */
  under_search_rate: number | null;
  /** Share of samples whose response breaks the tag format (responseFormatError). */
  format_error_rate: number;
  /** Mean response length in characters. */
  response_chars_mean: number;
  /** Re-retrieved passages / retrieved passages over the step (pooled, as the table's "Dup docs"); null without passages. */
  duplicate_doc_rate: number | null;
  /** Each reward extra's mean over the samples that carry it. */
  extras: Record<string, number>;
}

export function searchDistribution(counts: readonly number[]): SearchDistribution {
  let max = 0;
  for (const c of counts) if (c > max) max = c;
  const hist = new Array<number>(max + 1).fill(0);
  for (const c of counts) hist[c] = (hist[c] ?? 0) + 1;
  return distributionOfHist(hist);
}

/**
 * The distribution from `hist[k]` (samples with k searches): quantiles by nearest rank, never
 * interpolated (searches are whole numbers).
 */
export function distributionOfHist(hist: readonly number[]): SearchDistribution {
  const n = hist.reduce((a, b) => a + b, 0);
  // The value at 0-based rank i of the sorted counts.
  const at = (i: number): number => {
    let seen = 0;
    for (let k = 0; k < hist.length; k++) {
      seen += hist[k] ?? 0;
      if (seen > i) return k;
    }
    return 0;
  };
  const rank = (q: number) => (n === 0 ? 0 : at(Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1))));
  let last = hist.length - 1;
  while (last > 0 && (hist[last] ?? 0) === 0) last--;
  return {
    min: n === 0 ? 0 : at(0),
    p10: rank(0.1),
    p25: rank(0.25),
    p50: rank(0.5),
    p75: rank(0.75),
    p90: rank(0.9),
    max: n === 0 ? 0 : last,
    hist: Array.from({ length: (n === 0 ? 0 : last) + 1 }, (_, k) => hist[k] ?? 0),
  };
}

/**
 * What a step's summary is taken over, summed over its samples: by a pass over rows (StepAcc) or
 * by SQL's GROUP BY (core/sql/step-summary-sql.ts). stepSummaryOf turns either into the summary,
 * so each number is defined once.
 */
export interface StepTotals {
  samples: number;
  /** Samples with gold (acc not null), and the sum of their acc. */
  graded: number;
  accSum: number;
  /** Samples with a trainer score, and the sum of their scores. */
  scored: number;
  scoreSum: number;
  /** `searchHist[k]`: samples with k searches (the row's rc). */
  searchHist: number[];
  /** Samples with at least one search the over-search detector marks redundant. */
  overSearched: number;
  formatErrors: number;
  /** Response characters over the step's samples. */
  chars: number;
  /** The detectors' counts summed over the step (efficiencyTotals). */
  eff: EfficiencyTotals;
  /** Each reward extra's sum and how many samples carry it. */
  extras: ReadonlyMap<string, { sum: number; n: number }>;
}

export function stepSummaryOf(run: string, step: number, t: StepTotals): StepSummary {
  const n = t.samples;
  const extras: Record<string, number> = {};
  for (const k of [...t.extras.keys()].sort()) {
    const e = t.extras.get(k) as { sum: number; n: number };
    extras[k] = e.sum / e.n;
  }
  const eff = efficiencyRates(t.eff);
  let searches = 0;
  t.searchHist.forEach((c, k) => (searches += c * k));
  return {
    run,
    step,
    samples: n,
    graded: t.graded,
    accuracy: t.graded > 0 ? t.accSum / t.graded : null,
    mean_score: t.scored > 0 ? t.scoreSum / t.scored : null,
    searches_mean: searches / n,
    searches: distributionOfHist(t.searchHist),
    over_search_rate: t.overSearched / n,
    redundant_search_rate: eff.redundantRate.value,
    under_search_rate: eff.underSearchRate.value,
    format_error_rate: t.formatErrors / n,
    response_chars_mean: t.chars / n,
    duplicate_doc_rate: eff.dupDocRate.value,
    extras,
  };
}

class StepAcc {
  samples = 0;
  graded = 0;
  accSum = 0;
  scored = 0;
  scoreSum = 0;
  searchHist: number[] = [];
  over = 0;
  /** The rows' detector counts: the step's efficiency rates are efficiencyRates', as the table's. */
  effs: EfficiencyCounts[] = [];
  formatErrors = 0;
  chars = 0;
  extras = new Map<string, { sum: number; n: number }>();

  add(r: StepRow): void {
    this.samples++;
    if (r.acc !== null) {
      this.graded++;
      this.accSum += r.acc;
    }
    if (r.score !== null) {
      this.scored++;
      this.scoreSum += r.score;
    }
    for (let k = this.searchHist.length; k <= r.rc; k++) this.searchHist.push(0);
    this.searchHist[r.rc] = (this.searchHist[r.rc] ?? 0) + 1;
    if (r.eff.redundant > 0) this.over++;
    this.effs.push(r.eff);
    if (r.formatError) this.formatErrors++;
    this.chars += r.responseChars;
    for (const [k, v] of Object.entries(r.extras)) {
      const e = this.extras.get(k);
      if (e) {
        e.sum += v;
        e.n++;
      } else this.extras.set(k, { sum: v, n: 1 });
    }
  }

  summary(run: string, step: number): StepSummary {
    return stepSummaryOf(run, step, {
      samples: this.samples,
      graded: this.graded,
      accSum: this.accSum,
      scored: this.scored,
      scoreSum: this.scoreSum,
      searchHist: this.searchHist,
      overSearched: this.over,
      formatErrors: this.formatErrors,
      chars: this.chars,
      eff: efficiencyTotals(this.effs),
      extras: this.extras,
    });
  }
}

/**
 * One summary per (run, step) of the rows that are training samples (others are skipped), ordered
 * by run name, then step.
 */
export function summarizeSteps(rows: Iterable<StepRow>): StepSummary[] {
  const byRun = new Map<string, Map<number, StepAcc>>();
  for (const r of rows) {
    if (r.trainStep === null) continue;
    let steps = byRun.get(r.run);
    if (!steps) byRun.set(r.run, (steps = new Map()));
    let acc = steps.get(r.trainStep);
    if (!acc) steps.set(r.trainStep, (acc = new StepAcc()));
    acc.add(r);
  }
  const out: StepSummary[] = [];
  for (const run of [...byRun.keys()].sort()) {
    const steps = byRun.get(run) as Map<number, StepAcc>;
    for (const step of [...steps.keys()].sort((a, b) => a - b))
      out.push((steps.get(step) as StepAcc).summary(run, step));
  }
  return out;
}

/** A row the incremental summaries hold: a step row with its id (what a change names). */
export type HeldStepRow = StepRow & { id: string };

const byId = (a: HeldStepRow, b: HeldStepRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * What changed in a StepSummaries since a version the reader holds (`since`): the summaries of the
 * steps changed and the keys of the steps gone; `full` when the reader's version is of another
 * instance or from before a full read, and `changed` then holds every summary.
 */
export interface StepChanges {
  /** The StepSummaries instance answering (a new table worker starts a new one). */
  epoch: string;
  /** The version this answer brings the reader to. */
  version: number;
  full: boolean;
  changed: StepSummary[];
  gone: Array<{ run: string; step: number }>;
}

/** What a reader of StepChanges holds: the summaries in summarizeSteps' order, at a version. */
export interface HeldSteps {
  epoch: string | null;
  version: number;
  list: StepSummary[];
}

export const NO_STEPS: HeldSteps = { epoch: null, version: -1, list: [] };

const stepKeyOf = (run: string, step: number) => `${run}\u0000${step}`;

/** summarizeSteps' order: run name, then step. */
const byRunStep = (a: StepSummary, b: StepSummary) =>
  a.run < b.run ? -1 : a.run > b.run ? 1 : a.step - b.step;

/**
 * `held` with `c` applied: the changed steps replaced or added, the gone ones dropped; every other
 * summary stays the same object (so what is drawn from it can be kept). Equals a full read at
 * `c.version` (step-summary.test.ts). An answer no newer than what is held changes nothing.
 */
export function mergeStepChanges(held: HeldSteps, c: StepChanges): HeldSteps {
  if (c.epoch === held.epoch && c.version <= held.version) return held;
  if (c.full) return { epoch: c.epoch, version: c.version, list: c.changed };
  if (c.epoch !== held.epoch) return held;
  if (c.changed.length === 0 && c.gone.length === 0) return { ...held, version: c.version };
  const drop = new Set(c.gone.map((g) => stepKeyOf(g.run, g.step)));
  for (const s of c.changed) drop.add(stepKeyOf(s.run, s.step));
  const kept = held.list.filter((s) => !drop.has(stepKeyOf(s.run, s.step)));
  const added = [...c.changed].sort(byRunStep);
  // Both lists are in order: merge them (a refresh usually appends the last steps).
  const list: StepSummary[] = [];
  let i = 0;
  let j = 0;
  while (i < kept.length || j < added.length) {
    const a = kept[i];
    const b = added[j];
    if (b === undefined || (a !== undefined && byRunStep(a, b) < 0)) {
      list.push(a as StepSummary);
      i++;
    } else {
      list.push(b);
      j++;
    }
  }
  return { epoch: c.epoch, version: c.version, list };
}

let epochs = 0;

/**
 * summarizeSteps kept up to date as rows come and go: a change re-summarizes only the steps it
 * touched, so an import refreshing the Training page after every batch costs what the batch
 * added, not a pass over every row held. A step's rows are summarized in id order, the order a
 * full read of the rows has, so the result equals summarizeSteps over every row in id order.
 * Each change of a step stamps it with a new version, so a reader holding the summaries at one
 * version is sent only the steps changed since (`since`), not every step on every refresh.
 */
export class StepSummaries {
  private readonly steps = new Map<string, Map<number, Map<string, HeldStepRow>>>();
  private readonly done = new Map<string, Map<number, StepSummary>>();
  private list: StepSummary[] | null = [];
  readonly epoch = `${Date.now().toString(36)}-${++epochs}-${Math.random().toString(36).slice(2)}`;
  private version = 0;
  /** The version of the last full read: a reader from before it gets every summary. */
  private resetAt = 0;
  /** The version at which each step held last changed, and each step gone, by stepKeyOf. */
  private readonly stamps = new Map<string, { run: string; step: number; at: number }>();
  private readonly gone = new Map<string, { run: string; step: number; at: number }>();

  /** Holds `rows` only (a full read). */
  reset(rows: Iterable<HeldStepRow>): void {
    this.steps.clear();
    this.done.clear();
    this.stamps.clear();
    this.gone.clear();
    // Rows none of which is a training sample touch no step: the summaries held go all the same.
    this.list = null;
    this.resetAt = ++this.version;
    this.change([], rows);
  }

  /** `before` (rows replaced or gone) let go, then `after` (their new rows, and rows added) held. */
  change(before: Iterable<HeldStepRow>, after: Iterable<HeldStepRow>): void {
    const at = ++this.version;
    for (const r of before) {
      if (r.trainStep === null) continue;
      this.steps.get(r.run)?.get(r.trainStep)?.delete(r.id);
      this.touch(r.run, r.trainStep, at);
    }
    for (const r of after) {
      if (r.trainStep === null) continue;
      let run = this.steps.get(r.run);
      if (!run) this.steps.set(r.run, (run = new Map()));
      let step = run.get(r.trainStep);
      if (!step) run.set(r.trainStep, (step = new Map()));
      step.set(r.id, r);
      this.touch(r.run, r.trainStep, at);
    }
  }

  /** One summary per (run, step), ordered as summarizeSteps orders them; the same array until a change. */
  summaries(): StepSummary[] {
    if (this.list) return this.list;
    const out: StepSummary[] = [];
    for (const run of [...this.steps.keys()].sort()) {
      const steps = this.steps.get(run) as Map<number, Map<string, HeldStepRow>>;
      for (const step of [...steps.keys()].sort((a, b) => a - b)) out.push(this.summaryOf(run, step));
    }
    return (this.list = out);
  }

  /**
   * The steps changed since `version` of this instance (`epoch`), and those gone; every summary
   * when the reader holds another instance's, or one from before the last full read.
   */
  since(epoch: string | null, version: number): StepChanges {
    if (epoch !== this.epoch || version < this.resetAt)
      return { epoch: this.epoch, version: this.version, full: true, changed: this.summaries(), gone: [] };
    const changed: StepSummary[] = [];
    for (const s of this.stamps.values()) if (s.at > version) changed.push(this.summaryOf(s.run, s.step));
    const gone: Array<{ run: string; step: number }> = [];
    for (const g of this.gone.values()) if (g.at > version) gone.push({ run: g.run, step: g.step });
    return { epoch: this.epoch, version: this.version, full: false, changed: changed.sort(byRunStep), gone };
  }

  private summaryOf(run: string, step: number): StepSummary {
    let done = this.done.get(run);
    if (!done) this.done.set(run, (done = new Map()));
    let s = done.get(step);
    if (!s) {
      const rows = [...(this.steps.get(run)?.get(step) as Map<string, HeldStepRow>).values()].sort(byId);
      s = summarizeSteps(rows)[0] as StepSummary;
      done.set(step, s);
    }
    return s;
  }

  private touch(run: string, step: number, at: number): void {
    this.list = null;
    this.done.get(run)?.delete(step);
    const key = stepKeyOf(run, step);
    const rows = this.steps.get(run);
    if (rows?.get(step)?.size === 0 || !rows?.has(step)) {
      rows?.delete(step);
      this.stamps.delete(key);
      this.gone.set(key, { run, step, at });
    } else {
      this.gone.delete(key);
      this.stamps.set(key, { run, step, at });
    }
    if (rows?.size === 0) this.steps.delete(run);
  }
}
