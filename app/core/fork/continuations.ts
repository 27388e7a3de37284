// Which strategies can continue a fork and how each rebuilds its state from the prefix: the
// tagged ones from the transcript (continue-tagged.ts), ExSearch from its chat, APEX from its plan
// and knowledge, IRCoT from its chain of thought and paragraphs. Each says when a parent's steps
// truly cannot seed it, and what its rebuild had to infer.
import { qagentBody, qagentLoop, qagentSearch } from '../agents/qagent';
import { searchR1Loop } from '../agents/search-r1';
import type { Ev } from '../agents/session';
import { taggedLoop } from '../agents/tagged-loop';
import type { FinishReason, StrategyId } from '../agents/types';
import { whenToSearchLoop } from '../agents/when-to-search';
import type { ForkChange, Trajectory } from '../schema/trajectory';
import { apexProblem, continueApex } from './continue-apex';
import { continueExsearch, exsearchProblem } from './continue-exsearch';
import { continueIrcot } from './continue-ircot';
import { type AnySession, continueTagged, type TaggedContinuation } from './continue-tagged';
import { applyChange, type ForkPoint } from './point';

export interface Continuation {
  /** What the parent's turns become in this strategy (for the reconstruction note). */
  form: string;
  /** Why this parent's prefix cannot seed the strategy, or null. */
  problem?(parent: Trajectory, point: ForkPoint): string | null;
  /** What the rebuild infers for a parent of another strategy (each makes it approximate). */
  inferred?(parent: Trajectory): string[];
  /** Runs the strategy from the rebuilt state (the replayed steps were emitted already). */
  run(s: AnySession, point: ForkPoint, parent: Trajectory, useRaw: boolean): AsyncGenerator<Ev, FinishReason>;
}

function tagged(c: TaggedContinuation): Continuation {
  return {
    form: 'tags and document template',
    run: (s, point, _p, useRaw) => continueTagged(s, point, useRaw, c),
  };
}

async function* loopOnly(s: AnySession, cfg: Parameters<typeof taggedLoop>[1]) {
  return (yield* taggedLoop(s, cfg)).reason;
}

const other = (parent: Trajectory, id: StrategyId) => parent.agent.strategy !== id;

const CONTINUATIONS: Partial<Record<StrategyId, Continuation>> = {
  'search-r1': tagged({
    loop: searchR1Loop,
    run: (s, resume) => loopOnly(s, { ...searchR1Loop(s), resume }),
  }),
  'when-to-search': tagged({
    loop: whenToSearchLoop,
    run: (s, resume) => loopOnly(s, { ...whenToSearchLoop(s), resume }),
  }),
  qagent: tagged({ loop: (s) => ({ ...qagentLoop(s), search: qagentSearch }), run: qagentBody }),
  exsearch: {
    form: 'chat (each search as `<FACT> … <QUERY> …` and its `<SEARCH>` turn)',
    problem: (parent, point) => exsearchProblem(parent, point),
    inferred: (parent) =>
      other(parent, 'exsearch')
        ? ["the parent's record steps stand in for ExSearch's facts (a turn without one gets no <FACT>)"]
        : [],
    run: (s, point) => continueExsearch(s, point),
  },
  apex: {
    form: 'plan, sub-answers, knowledge and query history',
    problem: apexProblem,
    inferred: () => [],
    run: (s, point, parent) => continueApex(s, parent, point),
  },
  ircot: {
    form: 'chain of thought and paragraphs',
    inferred: (parent) =>
      other(parent, 'ircot')
        ? [
            "the parent's reasoning steps stand in for IRCoT's one-sentence thoughts, and all its documents for the paragraphs",
          ]
        : [],
    run: (s, point) => continueIrcot(s, point),
  },
};

export const CONTINUABLE_IDS = Object.keys(CONTINUATIONS) as StrategyId[];

export function continuationOf(strategyId: string): Continuation | undefined {
  return CONTINUATIONS[strategyId as StrategyId];
}

export function canContinueWith(strategyId: string): boolean {
  return strategyId in CONTINUATIONS;
}

/**
 * Why `strategyId` cannot continue a fork of `parent` at `stepIndex` with `change`, or null. The
 * change itself may be wrong for the step (changeProblem), or the strategy's state cannot be
 * rebuilt from this parent's steps.
 */
export function continuationProblem(
  parent: Trajectory,
  stepIndex: number,
  change: ForkChange,
  strategyId: string,
): string | null {
  const c = continuationOf(strategyId);
  if (!c) return `${strategyId} cannot continue a fork`;
  let point: ForkPoint;
  try {
    point = applyChange(parent, stepIndex, change);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  return c.problem?.(parent, point) ?? null;
}
