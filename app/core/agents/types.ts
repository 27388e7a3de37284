// Agent strategies (docs/architecture.md §4) as pure async generators of trajectory events.
//
// API
//   STRATEGIES: readonly StrategyDef[]           every strategy, in menu order (registry.ts)
//   strategy(id): StrategyDef                    one by id; throws on an unknown id
//   def.run(ctx): AsyncGenerator<TrajectoryEvent> the run, event by event (start … finish)
//   runStrategy(def, ctx, onEvent?): Promise<Trajectory>
//                                                folds the events with the builder's applyEvent,
//                                                calls onEvent(event, draft) after each, finalizes
//
// A run always starts with `start` and ends with exactly one `finish` whose reason is one of
// FINISH_REASONS: the generator never throws for model, retriever or abort trouble — a cancelled
// run ends with finish "cancelled" and keeps what it had, a failing retriever ends with an `error`
// on the retrieve step and finish "retriever_error".
//
// Each strategy exports its defaults (`defaults`: the paper's constants) and its prompt templates
// (`prompts`: `{name}` placeholders, filled by plain replacement, never evaluated). A run may
// override any of them through `ctx.params` / `ctx.prompts`; the UI shows `def.prompts` and
// offers "reset to default" by dropping the override.
import type { TrajectoryEvent } from '../schema/builder';
import type { Gold, TrajectorySource } from '../schema/trajectory';
import type { Llm } from '../llm/types';
import type { Retriever } from '../search/types';

export type StrategyId =
  'direct' | 'standard-rag' | 'ircot' | 'search-r1' | 'qagent' | 'exsearch' | 'when-to-search' | 'apex';

/** Why a run ended (`Trajectory.finishReason`). */
export const FINISH_REASONS = [
  /** The strategy produced its final answer. */
  'answer',
  /** The turn/hop/step limit was reached (an answer may still have been forced). */
  'max_turns',
  'cancelled',
  'retriever_error',
  'llm_error',
  /** An unexpected bug; the error is on the last step. */
  'error',
] as const;
export type FinishReason = (typeof FINISH_REASONS)[number];

export interface StrategyContext<P = Record<string, unknown>> {
  question: string;
  llm: Llm;
  retriever: Retriever;
  /** Overrides of the strategy's defaults; missing keys keep the paper's value. */
  params?: Partial<P>;
  /** Overrides of prompt templates, by the names in `def.prompts`. */
  prompts?: Partial<Record<string, string>>;
  signal?: AbortSignal;
  gold?: Gold;
  /** Trajectory id; default a fresh `live_…` id. */
  id?: string;
  /** Extra source fields (dataset, qid, …); `kind` is always "live". */
  source?: Partial<TrajectorySource>;
  /** Clock in milliseconds (tests pass a fake one). */
  now?: () => number;
  /** QAgent submodule mode: the frozen generator that answers from the collected passages. */
  generator?: Llm;
}

export interface StrategyDef<P extends object = Record<string, unknown>> {
  id: StrategyId;
  label: string;
  /** Citation of the paper (and public code) the strategy follows. */
  paper: string;
  description: string;
  /** The paper's constants. */
  defaults: P;
  /** Prompt templates by name, with `{placeholder}`s. */
  prompts: Record<string, string>;
  run(ctx: StrategyContext<P>): AsyncGenerator<TrajectoryEvent, void, undefined>;
}

/** A definition of any strategy (the registry's element type). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStrategyDef = StrategyDef<any>;
