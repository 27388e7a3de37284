// Creating batch runs: the first N questions of a question set, with their gold, and the run
// settings of the Live run tab, stored as a BatchRecord ready to run. A sweep is a batch whose
// entries are the grid points of one strategy (core/batch/sweep-grid.ts). Plain TS, no React.
import { questionGold } from '../../core/corpus/gold-join';
import { type BatchQuestion, batchId } from '../../core/batch/plan';
import { ablationArms, type AblationSpec } from '../../core/batch/ablation-presets';
import { type SweepSpec, sweepVariants } from '../../core/batch/sweep-grid';
import { deleteBatch, putBatch } from '../../db/batch-store';
import { announce } from '../changes';
import type { BatchRecord, QuestionSetRecord } from '../../db/db';

/** The first `n` questions of a set, with the gold the batch scores against. */
export function batchQuestions(set: QuestionSetRecord, n: number): BatchQuestion[] {
  return set.questions.slice(0, n).map((q) => {
    const gold = questionGold(q);
    const bq: BatchQuestion = { qid: q.id, question: q.question, answers: gold.answers, dataset: set.name };
    if (gold.plan) bq.plan = gold.plan;
    if (gold.supporting) bq.supports = gold.supporting;
    return bq;
  });
}

/** What a batch runs with, from the Live run tab (never the API key). */
export interface RunSettings {
  params: Record<string, Record<string, unknown>>;
  prompts: Record<string, Record<string, string>>;
  llm: unknown;
  retriever: unknown;
  embed: unknown;
}

/**
 * Stores a new batch of `strategies` × questions, of a sweep's grid points when `sweep` is set, or
 * of an ablation's arms when `ablation` is set.
 */
/** A batch to create: its questions, what runs over them, and the settings of the runs. */
export interface NewBatch {
  name: string;
  questions: BatchQuestion[];
  strategies: string[];
  sweep?: SweepSpec;
  ablation?: AblationSpec;
  settings: RunSettings;
}

export async function createBatch(opts: NewBatch): Promise<BatchRecord> {
  const createdAt = new Date().toISOString();
  const id = batchId(opts.name, createdAt);
  const { settings: s } = opts;
  const one = opts.sweep?.strategy ?? opts.ablation?.strategy;
  const used = one ? [one] : opts.strategies;
  const entries = opts.sweep
    ? sweepVariants(opts.sweep).map((v) => v.key)
    : opts.ablation
      ? ablationArms(opts.ablation).map((a) => a.key)
      : opts.strategies;
  const b: BatchRecord = {
    id,
    name: opts.name,
    createdAt,
    status: 'paused',
    spec: {
      id,
      name: opts.name,
      createdAt,
      questions: opts.questions,
      strategies: entries,
      ...(opts.sweep ? { sweep: opts.sweep } : {}),
      ...(opts.ablation ? { ablation: opts.ablation } : {}),
      params: Object.fromEntries(used.map((x) => [x, s.params[x] ?? {}])),
      prompts: Object.fromEntries(used.map((x) => [x, s.prompts[x] ?? {}])),
      llm: s.llm,
      retriever: s.retriever,
      embed: s.embed,
    },
    done: [],
    updatedAt: createdAt,
  };
  await putBatch(b);
  announce('batches');
  return b;
}

/** Deletes a batch; its trajectories stay in the table. */
export async function removeBatch(id: string): Promise<void> {
  await deleteBatch(id);
  announce('batches');
}
