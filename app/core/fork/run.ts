// Runs a fork: the parent's prefix (with the change) is replayed as ordinary builder `step` events
// without a model call or a retrieval, the transcript the model would have built is rebuilt from
// it (rebuild.ts), and the chosen tagged strategy's own loop resumes from there, so a fork costs
// only its new turns. The result is an ordinary trajectory plus its lineage.
import { runStrategy } from '../agents/run';
import { searchR1Loop } from '../agents/search-r1';
import { execute, type Session } from '../agents/session';
import { type TaggedLoopConfig, type TaggedResume, taggedLoop } from '../agents/tagged-loop';
import type { AnyStrategyDef, StrategyContext, StrategyId } from '../agents/types';
import { whenToSearchLoop } from '../agents/when-to-search';
import { hash53 } from '../hash';
import type { StepInput, TrajectoryEvent } from '../schema/builder';
import type { ForkChange, Lineage, Step, Trajectory } from '../schema/trajectory';
import { type CachingRetriever, cachingRetriever } from './cache';
import { applyChange, type ForkPoint } from './point';
import { rebuildTranscript, reconstructionOf } from './rebuild';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LoopOf = (s: Session<any>) => TaggedLoopConfig;

/**
 * Strategies a fork can continue with: those whose whole state is the tagged transcript, so it
 * can be rebuilt from any parent's steps. QAgent, ExSearch, IRCoT and APEX keep state the steps
 * do not hold (plans, records, the collected passage pool), so they cannot resume honestly.
 */
const CONTINUATIONS: Partial<Record<StrategyId, LoopOf>> = {
  'search-r1': searchR1Loop,
  'when-to-search': whenToSearchLoop,
};

export function canContinueWith(strategyId: string): boolean {
  return strategyId in CONTINUATIONS;
}

export const CONTINUABLE_IDS = Object.keys(CONTINUATIONS) as StrategyId[];

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

function forkBody(point: ForkPoint, loopOf: LoopOf, useRaw: boolean) {
  return async function* (s: Session<object>) {
    const cfg = loopOf(s);
    for (const step of point.prefix) yield s.step(replayInput(step));
    const rebuilt = rebuildTranscript(point.prefix, cfg, { useRaw });
    let transcript = rebuilt.transcript;
    let hop = rebuilt.hop;
    const shown = [...rebuilt.shown];
    if (point.pendingSearch) {
      // The edited query's own retrieval: the first new step.
      const { queries, turn } = point.pendingSearch;
      hop = Math.max(hop, point.pendingSearch.hop);
      s.turn = turn;
      const r = yield* s.retrieve({ turn, hop }, queries, cfg.topK);
      const block = `<information>${cfg.information(r.perQuery).trim()}</information>`;
      yield s.update(r.id, { raw: block });
      transcript += `\n\n${block}\n\n`;
      shown.push(...r.docs.filter((d) => !shown.some((x) => x.id === d.id)));
    }
    const resume: TaggedResume = { transcript, turn: point.nextTurn, hop, shown };
    if (point.mode === 'answer_now') Object.assign(resume, { forced: '<answer>', lastTurn: point.nextTurn });
    if (point.mode === 'search_more')
      Object.assign(resume, { forced: '<search>', lastTurn: point.nextTurn + 1 });
    const result = yield* taggedLoop(s, { ...cfg, resume });
    return result.reason;
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
  const loopOf = CONTINUATIONS[req.def.id];
  if (!loopOf)
    throw new Error(
      `${req.def.label} cannot continue a fork (it keeps state the steps do not hold); use ${CONTINUABLE_IDS.join(' or ')}`,
    );
  const point = applyChange(req.parent, req.stepIndex, req.change);
  const changedStep = point.changed === null ? undefined : point.prefix[point.changed];
  const retriever = cachingRetriever(ctx.retriever, point.prefix, changedStep);
  const def = req.def;
  const recon = reconstructionOf(req.parent, def.id, def.label, resolvedOverrides(def, ctx.prompts));
  // Exact: the parent's elements are this strategy's own text, used as written.
  const useRaw = recon.reconstruction === 'exact';
  const forkDef: AnyStrategyDef = { ...def, run: (c) => execute(def, c, forkBody(point, loopOf, useRaw)) };
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

/** Prompt overrides that differ from the defaults (what a live run records in params.prompts). */
function resolvedOverrides(def: AnyStrategyDef, prompts: ForkContext['prompts']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(prompts ?? {}))
    if (typeof v === 'string' && k in def.prompts && v !== def.prompts[k]) out[k] = v;
  return out;
}

const FAILED = new Set(['llm_error', 'retriever_error', 'error']);

/**
 * Whether a finished fork run is stored. Only a fork that ran to its end is: a stopped or failed
 * one would overwrite a finished fork with the same id (and its labels) with a cut-off run.
 */
export function forkOutcome(t: Trajectory, aborted: boolean): 'store' | 'cancelled' | { error: string } {
  if (aborted || t.finishReason === 'cancelled') return 'cancelled';
  if (!FAILED.has(t.finishReason ?? '')) return 'store';
  const why = t.steps.findLast((s) => s.error)?.error;
  return {
    error: `The fork did not finish (${t.finishReason}${why ? `: ${why}` : ''}); nothing was stored.`,
  };
}
