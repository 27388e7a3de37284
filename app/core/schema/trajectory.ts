// The one trajectory schema (docs/trajectory-schema.md), as zod schemas so imported data is checked at runtime
// and the TypeScript types follow from the same source.
import { z } from 'zod';

export const SCHEMA_ID = 'hopscope.trajectory/1' as const;

export const STEP_KINDS = [
  'think',
  'plan',
  'decision',
  'search',
  'retrieve',
  'record',
  'reflect',
  'rank',
  'sub_answer',
  'answer',
  'invalid',
] as const;

export const DocSchema = z.object({
  id: z.string(),
  title: z.string().optional(),
  text: z.string(),
  score: z.number().optional(),
  rank: z.number().int(),
  query: z.string().optional(),
  duplicate: z.boolean().optional(),
  gold: z.boolean().optional(),
  containsAnswer: z.boolean().optional(),
});

export const StepSchema = z.object({
  id: z.string(),
  index: z.number().int().nonnegative(),
  kind: z.enum(STEP_KINDS),
  /** Plan node this step works on (APEX sub-question id). */
  planNode: z.string().optional(),
  /** 1-based retrieval hop; search and its retrieve share it. */
  hop: z.number().int().optional(),
  /** 1-based model turn (one generation); groups steps when there is no plan. */
  turn: z.number().int().optional(),
  text: z.string().optional(),
  raw: z.string().optional(),
  queries: z.array(z.string()).optional(),
  docs: z.array(DocSchema).optional(),
  decision: z.string().optional(),
  ranking: z.array(z.string()).optional(),
  ms: z.number().optional(),
  tokens: z.number().optional(),
  error: z.string().optional(),
});

export const PlanNodeSchema = z.object({
  id: z.string(),
  text: z.string(),
  resolvedText: z.string().optional(),
  dependsOn: z.array(z.string()),
  answer: z.string().optional(),
  status: z.enum(['pending', 'active', 'done', 'skipped', 'failed']),
});

export const GoldSchema = z.object({
  answers: z.array(z.string()),
  /**
   * Gold sub-questions: `text` as the dataset writes it (MuSiQue's `#1 >> capital`), `question`
   * the same step in natural language (corpus/plan-rewrite.ts), which APEX's SEPR compares with.
   */
  plan: z
    .array(z.object({ text: z.string(), question: z.string().optional(), answer: z.string().optional() }))
    .optional(),
  supporting: z.array(z.object({ title: z.string().optional(), docId: z.string().optional() })).optional(),
});

export const SourceSchema = z.object({
  kind: z.enum(['live', 'import']),
  format: z.string().optional(),
  file: z.string().optional(),
  line: z.number().int().optional(),
  dataset: z.string().optional(),
  qid: z.string().optional(),
  system: z.string().optional(),
});

/** What a fork changed at the step it forked at (see app/core/fork/). */
export const ForkChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('edit_query'), query: z.string() }),
  /** `rank`/`title`: what a person knew the dropped document by (ids are internal). */
  z.object({
    kind: z.literal('drop_doc'),
    docId: z.string(),
    rank: z.number().int().optional(),
    title: z.string().optional(),
  }),
  z.object({ kind: z.literal('replace_doc'), docId: z.string(), doc: DocSchema }),
  z.object({ kind: z.literal('edit_text'), text: z.string() }),
  z.object({ kind: z.literal('answer_now') }),
  z.object({ kind: z.literal('search_more') }),
  z.object({ kind: z.literal('gold_passage'), doc: DocSchema }),
]);

/**
 * Where a fork came from. Optional, so records written before forks existed (and every import)
 * parse unchanged under the same schema id.
 */
export const LineageSchema = z.object({
  parentId: z.string().min(1),
  /** 0-based index of the parent's step the fork was made at (shown 1-based). */
  stepIndex: z.number().int().nonnegative(),
  change: ForkChangeSchema,
  /** Steps copied from the parent (the fork's first `replayed` steps; no model call made them). */
  replayed: z.number().int().nonnegative(),
  /** Whether the prompt the continuation saw is the one the parent saw, or rebuilt from its steps. */
  reconstruction: z.enum(['exact', 'approximate']),
  note: z.string().optional(),
});

/**
 * Where an RL training run's rollout dump put the sample (docs/guide/training-runs.md). Optional, so
 * records written before training runs existed parse unchanged under the same schema id.
 */
export const TrainingSchema = z.object({
  /** The run's name: the dump folder's name or the one the user gave; '' when neither is known. */
  run: z.string(),
  /** The trainer's global step the rollout was generated at. */
  step: z.number().int().nonnegative(),
  /** 0-based position of the sample in its step's dump. */
  sample: z.number().int().nonnegative().optional(),
});

export const TrajectorySchema = z.object({
  schema: z.literal(SCHEMA_ID),
  id: z.string().min(1),
  question: z.string(),
  gold: GoldSchema.optional(),
  source: SourceSchema,
  agent: z.object({
    strategy: z.string(),
    params: z.record(z.string(), z.unknown()),
    model: z.string().optional(),
    backend: z.string().optional(),
  }),
  plan: z.array(PlanNodeSchema).optional(),
  steps: z.array(StepSchema),
  answer: z.object({ text: z.string(), confidence: z.number().optional() }).optional(),
  finishReason: z.string().optional(),
  timing: z
    .object({ ms: z.number(), tokensIn: z.number().optional(), tokensOut: z.number().optional() })
    .optional(),
  /** Scores the source file reported about itself; kept apart from what Hopscope computes. */
  reported: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).optional(),
  raw: z.string().optional(),
  lineage: LineageSchema.optional(),
  training: TrainingSchema.optional(),
});

export type Doc = z.infer<typeof DocSchema>;
export type Step = z.infer<typeof StepSchema>;
export type StepKind = Step['kind'];
export type PlanNode = z.infer<typeof PlanNodeSchema>;
export type Gold = z.infer<typeof GoldSchema>;
export type TrajectorySource = z.infer<typeof SourceSchema>;
export type Trajectory = z.infer<typeof TrajectorySchema>;
export type ForkChange = z.infer<typeof ForkChangeSchema>;
export type Lineage = z.infer<typeof LineageSchema>;
export type Training = z.infer<typeof TrainingSchema>;

/** Parses unknown data as a Trajectory; the error names the first bad field by path. */
export function parseTrajectory(
  data: unknown,
): { ok: true; value: Trajectory } | { ok: false; error: string; field?: string } {
  const r = TrajectorySchema.safeParse(data);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  const field = issue ? issue.path.join('.') : '';
  const error = `field ${field || '(root)'}: ${issue?.message ?? 'invalid'}`;
  return field ? { ok: false, error, field } : { ok: false, error };
}
