// A batch run: one or more strategies over a question set. Pure: what to run, in which order, and
// the ids its trajectories get. Ids are deterministic, so a batch resumed after a reload skips
// what finished and never stores a question twice.
import { hash53 } from '../hash';
import type { Gold } from '../schema/trajectory';

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
  strategy: string;
  question: BatchQuestion;
  trajectoryId: string;
}

export interface BatchSpec {
  id: string;
  name: string;
  createdAt: string;
  questions: BatchQuestion[];
  strategies: string[];
}

export function batchId(name: string, createdAt: string): string {
  return `b_${hash53(`${name}\u0000${createdAt}`)}`;
}

export function jobKey(strategy: string, qid: string): string {
  return `${strategy}\u0000${qid}`;
}

export function trajectoryIdFor(batch: string, strategy: string, qid: string): string {
  return `${batch}_${strategy}_${hash53(qid)}`;
}

/**
 * Every job, question by question (all strategies of a question before the next question), so a
 * batch paused half-way still compares the strategies on the same questions.
 */
export function batchJobs(spec: Pick<BatchSpec, 'id' | 'questions' | 'strategies'>): BatchJob[] {
  const out: BatchJob[] = [];
  for (const question of spec.questions)
    for (const strategy of spec.strategies)
      out.push({
        key: jobKey(strategy, question.qid),
        strategy,
        question,
        trajectoryId: trajectoryIdFor(spec.id, strategy, question.qid),
      });
  return out;
}

/** The jobs not yet done, in order. */
export function pendingJobs(
  spec: Pick<BatchSpec, 'id' | 'questions' | 'strategies'>,
  done: ReadonlySet<string>,
): BatchJob[] {
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
