// A batch run: one or more strategies over a question set. Pure: what to run, in which order, and
// the ids its trajectories get. Ids are deterministic, so a batch resumed after a reload skips
// what finished and never stores a question twice.
import { hash53 } from '../hash';
import type { Gold } from '../schema/trajectory';
import { ablationArms, type AblationSpec } from './ablation-presets';
import { type SweepSpec, sweepVariants } from './sweep-grid';

export interface BatchQuestion {
  qid: string;
  question: string;
  answers: string[];
  /** Gold sub-questions (as written, `#n` kept; `question`: in natural language) for APEX's plan reward. */
  plan?: NonNullable<Gold['plan']>;
  supports?: NonNullable<Gold['supporting']>;
  dataset?: string;
}

export interface BatchJob {
  key: string;
  /** The strategy that runs. */
  strategy: string;
  /** The entry of `BatchSpec.strategies` it runs: the strategy, a sweep's variant or an ablation's arm key. */
  variant: string;
  /** Parameters the variant (or arm) sets over the batch's own (none for a plain batch). */
  params: Record<string, number | boolean>;
  question: BatchQuestion;
  trajectoryId: string;
}

export interface BatchSpec {
  id: string;
  name: string;
  createdAt: string;
  questions: BatchQuestion[];
  /** Strategy ids; for a sweep, its variant keys (sweepVariants(sweep), in order); for an ablation, its arm keys. */
  strategies: string[];
  /** Set when the batch is a parameter sweep of one strategy. */
  sweep?: SweepSpec;
  /** Set when the batch runs a paper's ablation arms of one strategy (ablation-presets.ts). */
  ablation?: AblationSpec;
}

type JobSpec = Pick<BatchSpec, 'id' | 'questions' | 'strategies' | 'sweep' | 'ablation'>;

export function batchId(name: string, createdAt: string): string {
  return `b_${hash53(`${name}\u0000${createdAt}`)}`;
}

export function jobKey(strategy: string, qid: string): string {
  return `${strategy}\u0000${qid}`;
}

/** A sweep's variant adds the hash of its key, so each grid point stores its own trajectory. */
export function trajectoryIdFor(batch: string, strategy: string, qid: string, variant?: string): string {
  return variant === undefined || variant === strategy
    ? `${batch}_${strategy}_${hash53(qid)}`
    : `${batch}_${strategy}_${hash53(variant)}_${hash53(qid)}`;
}

/** What each entry of `strategies` runs: the strategy itself, a sweep's variant or an ablation's arm. */
function entries(
  spec: JobSpec,
): Array<{ variant: string; strategy: string; params: Record<string, number | boolean> }> {
  if (!spec.sweep && !spec.ablation)
    return spec.strategies.map((s) => ({ variant: s, strategy: s, params: {} }));
  const variants = spec.sweep ? sweepVariants(spec.sweep) : ablationArms(spec.ablation!);
  const byKey = new Map<string, { strategy: string; params: Record<string, number | boolean> }>(
    variants.map((v) => [v.key, v]),
  );
  const what = spec.sweep ? 'a grid point of its sweep' : 'an arm of its ablation';
  return spec.strategies.map((key) => {
    const v = byKey.get(key);
    if (!v) throw new Error(`batch ${spec.id}: “${key}” is not ${what}`);
    return { variant: key, strategy: v.strategy, params: v.params };
  });
}

/**
 * Every job, question by question (all strategies of a question before the next question), so a
 * batch paused half-way still compares the strategies on the same questions.
 */
export function batchJobs(spec: JobSpec): BatchJob[] {
  const out: BatchJob[] = [];
  const list = entries(spec);
  for (const question of spec.questions)
    for (const { variant, strategy, params } of list)
      out.push({
        key: jobKey(variant, question.qid),
        strategy,
        variant,
        params,
        question,
        trajectoryId: trajectoryIdFor(spec.id, strategy, question.qid, variant),
      });
  return out;
}

/** The parameters a job runs with: the batch's overrides for its strategy, then its variant's. */
export function jobParams(
  batchParams: Readonly<Record<string, Record<string, unknown>>>,
  job: Pick<BatchJob, 'strategy' | 'params'>,
): Record<string, unknown> {
  return { ...(batchParams[job.strategy] ?? {}), ...job.params };
}

/** The jobs not yet done, in order. */
export function pendingJobs(spec: JobSpec, done: ReadonlySet<string>): BatchJob[] {
  return batchJobs(spec).filter((j) => !done.has(j.key));
}

export function goldOf(q: BatchQuestion): Gold {
  const gold: Gold = { answers: q.answers };
  if (q.plan?.length) gold.plan = q.plan;
  if (q.supports?.length) gold.supporting = q.supports;
  return gold;
}

/** Seconds left, from the mean time per finished job (null before the first one finishes). */
export function etaSeconds(doneMs: readonly number[], remaining: number): number | null {
  if (doneMs.length === 0) return null;
  const mean = doneMs.reduce((s, x) => s + x, 0) / doneMs.length;
  return (mean * remaining) / 1000;
}
