// Runs a fork: the parent's prefix (with the change) is replayed as ordinary builder `step` events
// without a model call or a retrieval, the continuing strategy's state is rebuilt from it
// (continuations.ts), and the strategy's own loop resumes from there, so a fork costs only its
// new turns. The result is an ordinary trajectory plus its lineage.
import { runFailure } from '../agents/run-failure';
import { runStrategy } from '../agents/run';
import { execute, type Session } from '../agents/session';
import type { AnyStrategyDef, StrategyContext } from '../agents/types';
import { hash53 } from '../hash';
import type { StepInput, TrajectoryEvent } from '../schema/builder';
import type { ForkChange, Lineage, Step, Trajectory } from '../schema/trajectory';
import { type CachingRetriever, cachingRetriever } from './cache';
import { applyChange, type ForkPoint } from './point';
import { CONTINUABLE_IDS, type Continuation, continuationOf } from './continuations';
import { reconstructionOf } from './rebuild';

export { CONTINUABLE_IDS, canContinueWith } from './continuations';

export interface ForkRequest {
  parent: Trajectory;
  /** 0-based index of the parent step the fork is made at. */
  stepIndex: number;
  change: ForkChange;
  /** The strategy that continues (one of CONTINUABLE_IDS). */
  def: AnyStrategyDef;
  /**
   * What else tells two forks apart that the ports do not say: the retriever's settings and the
   * model's server (no key). Part of the id, so the same edit against another corpus or server is
   * another fork rather than an overwrite.
   */
  setup?: unknown;
}

export type ForkContext = Omit<StrategyContext, 'question' | 'id'>;

/** Same parent, step, change, strategy, model and settings: same id, so a repeated fork is one record. */
export function forkId(req: ForkRequest, ctx: ForkContext): string {
  const key = [
    req.parent.id,
    req.stepIndex,
    req.change,
    req.def.id,
    ctx.llm.model,
    ctx.params ?? {},
    ctx.prompts ?? {},
    ...(req.setup === undefined ? [] : [req.setup]),
  ];
  return `fork_${hash53(JSON.stringify(key))}`;
}

/** A parent step as a replayed step event's input: what the model saw, not what it cost. */
function replayInput(s: Step): StepInput {
  const { id: _id, index: _index, ms: _ms, tokens: _tokens, ...rest } = s;
  return rest;
}

function forkBody(point: ForkPoint, parent: Trajectory, c: Continuation, useRaw: boolean) {
  return async function* (s: Session<object>) {
    for (const step of point.prefix) yield s.step(replayInput(step));
    s.turn = point.prefix.at(-1)?.turn ?? 0;
    return yield* c.run(s, point, parent, useRaw);
  };
}

export interface ForkResult {
  trajectory: Trajectory;
  /** The retriever the new steps used (its hits and misses say what the cache saved). */
  retriever: CachingRetriever;
}

/**
 * Runs the fork to a finished trajectory with its lineage. `onEvent` sees every event (replayed
 * steps first), as a live run's view does. Throws only when the change does not fit the step or
 * the strategy cannot continue a fork.
 */
export async function runFork(
  req: ForkRequest,
  ctx: ForkContext,
  onEvent?: (e: TrajectoryEvent, draft: Trajectory) => void,
): Promise<ForkResult> {
  const c = continuationOf(req.def.id);
  if (!c)
    throw new Error(`${req.def.label} cannot continue a fork; use one of ${CONTINUABLE_IDS.join(', ')}`);
  const point = applyChange(req.parent, req.stepIndex, req.change);
  const problem = c.problem?.(req.parent, point);
  if (problem) throw new Error(`${req.def.label} cannot continue this fork: ${problem}`);
  const changedStep = point.changed === null ? undefined : point.prefix[point.changed];
  const retriever = cachingRetriever(ctx.retriever, point.prefix, changedStep);
  const def = req.def;
  const recon = forkReconstruction(req.parent, def, ctx.prompts);
  // Exact: the parent's elements are this strategy's own text, used as written.
  const useRaw = recon.reconstruction === 'exact';
  const forkDef: AnyStrategyDef = {
    ...def,
    run: (cx) => execute(def, cx, forkBody(point, req.parent, c, useRaw)),
  };
  const gold = ctx.gold ?? req.parent.gold;
  const source = {
    ...(req.parent.source.dataset ? { dataset: req.parent.source.dataset } : {}),
    ...(req.parent.source.qid ? { qid: req.parent.source.qid } : {}),
    ...ctx.source,
  };
  const t = await runStrategy(
    forkDef,
    {
      ...ctx,
      question: req.parent.question,
      id: forkId(req, ctx),
      retriever,
      source,
      ...(gold ? { gold } : {}),
    },
    onEvent,
  );
  const lineage: Lineage = {
    parentId: req.parent.id,
    stepIndex: req.stepIndex,
    change: req.change,
    replayed: point.prefix.length,
    ...recon,
  };
  return { trajectory: { ...t, lineage }, retriever };
}

/** Whether a fork of `parent` continued by `def` sees what the parent saw, and what was inferred. */
export function forkReconstruction(
  parent: Trajectory,
  def: AnyStrategyDef,
  prompts: ForkContext['prompts'],
): Pick<Lineage, 'reconstruction' | 'note'> {
  const c = continuationOf(def.id);
  return reconstructionOf(
    parent,
    def.id,
    def.label,
    resolvedOverrides(def, prompts),
    c?.form,
    c?.inferred?.(parent) ?? [],
  );
}

/** Prompt overrides that differ from the defaults (what a live run records in params.prompts). */
function resolvedOverrides(def: AnyStrategyDef, prompts: ForkContext['prompts']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(prompts ?? {}))
    if (typeof v === 'string' && k in def.prompts && v !== def.prompts[k]) out[k] = v;
  return out;
}

/**
 * Whether a finished fork run is stored. Only a fork that ran to its end is: a stopped or failed
 * one would overwrite a finished fork with the same id (and its labels) with a cut-off run.
 */
export function forkOutcome(t: Trajectory, aborted: boolean): 'store' | 'cancelled' | { error: string } {
  if (aborted || t.finishReason === 'cancelled') return 'cancelled';
  const failed = runFailure(t);
  if (failed === null) return 'store';
  return { error: `The fork did not finish (${failed}); nothing was stored.` };
}
