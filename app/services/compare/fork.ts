// Forks as a use case: run a fork with the model and retriever the user configured (the same
// ports a live run uses), store it like any trajectory, list a trajectory's forks, and find the
// documents a fork can bring in (a passage searched in a corpus, the question set's gold passage).
// Plain TS: the UI reaches it through app/ui/data/forks.ts and app/ui/state/fork-run.ts.
import { untilAbort } from '../../core/agents/session';
import { AbortError, type Llm } from '../../core/llm/types';
import type { Retriever } from '../../core/search/types';
import { strategy } from '../../core/agents/registry';
import { findQuestion } from '../../core/corpus/gold-join';
import { forkOutcome, runFork } from '../../core/fork/run';
import type { TrajectoryEvent } from '../../core/schema/builder';
import type { Doc, ForkChange, Gold, Trajectory } from '../../core/schema/trajectory';
import { allQuestionSets, getPassages } from '../../db/corpus-store';
import { currentQuestionIndex } from '../../db/question-index';
import { listForks, putTrajectories } from '../../db/store';
import { collectionOfTrajectory } from '../../db/collection-store';
import { announce } from '../changes';
import { type LlmConfig, makeLlm, makeRetriever, type RetrieverConfig } from '../../runtime/agent-ports';
import type { ModelSource } from '../../runtime/model-source';

// The ports' configuration types, for views that pass them through (they never build ports).
export type { ModelSource, RetrieverConfig };

export interface ForkSpec {
  parent: Trajectory;
  stepIndex: number;
  change: ForkChange;
  strategyId: string;
  params: Record<string, unknown>;
  prompts: Record<string, string>;
  llm: LlmConfig;
  /** Held in memory for the request only; never stored. */
  apiKey?: string;
  retriever: RetrieverConfig;
  embed: ModelSource;
  /** Gold joined from a question set when the parent lacks it. */
  gold?: Gold;
}

export interface ForkProgress {
  phase: 'model' | 'index' | 'running';
}

/**
 * Runs the fork and stores it before resolving ("saved" means on disk). `onEvent` sees every
 * event as a live run's view does; `onPhase` what is being prepared.
 */
export async function runAndStoreFork(
  spec: ForkSpec,
  signal: AbortSignal,
  onEvent?: (e: TrajectoryEvent, draft: Trajectory) => void,
  onPhase?: (p: ForkProgress['phase']) => void,
): Promise<Trajectory> {
  onPhase?.('model');
  const llm = await untilAbort(makeLlm(spec.llm, spec.apiKey), signal);
  onPhase?.('index');
  const retriever = await untilAbort(makeRetriever(spec.retriever, spec.embed), signal);
  onPhase?.('running');
  return runAndStoreForkWith(spec, { llm, retriever }, signal, onEvent);
}

/**
 * The fork on ports already built: runs it, and stores it only when it ran to its end (a stopped
 * or failed fork would overwrite a finished one with the same id, and its labels). Throws an
 * AbortError when stopped, an Error saying why when it failed.
 */
export async function runAndStoreForkWith(
  spec: Omit<ForkSpec, 'apiKey' | 'embed'>,
  ports: { llm: Llm; retriever: Retriever },
  signal: AbortSignal,
  onEvent?: (e: TrajectoryEvent, draft: Trajectory) => void,
): Promise<Trajectory> {
  const { llm, retriever } = ports;
  const { trajectory } = await runFork(
    {
      parent: spec.parent,
      stepIndex: spec.stepIndex,
      change: spec.change,
      def: strategy(spec.strategyId),
      setup: { retriever: spec.retriever, llm: spec.llm },
    },
    {
      llm,
      retriever,
      params: spec.params,
      prompts: spec.prompts,
      signal,
      source: { system: llm.model || spec.strategyId },
      ...(spec.gold ? { gold: spec.gold } : {}),
    },
    onEvent,
  );
  // Its draft stays on screen either way.
  const outcome = forkOutcome(trajectory, signal.aborted);
  if (outcome === 'cancelled') throw new AbortError();
  if (outcome !== 'store') throw new Error(outcome.error);
  // A fork stays with its parent's collection (shown, exported and deleted with it).
  await putTrajectories([trajectory], await collectionOfTrajectory(spec.parent.id));
  announce('trajectories');
  return trajectory;
}

/** The forks of a trajectory, by the step they were made at. */
export async function forksOf(parentId: string): Promise<Trajectory[]> {
  const list = await listForks(parentId);
  return list.sort(
    (a, b) => (a.lineage?.stepIndex ?? 0) - (b.lineage?.stepIndex ?? 0) || a.id.localeCompare(b.id),
  );
}

/** Passages for a query, from the configured retriever, as documents a fork can put in. */
export async function searchReplacements(
  retriever: RetrieverConfig,
  embed: ModelSource,
  query: string,
  k = 8,
): Promise<Doc[]> {
  if (!query.trim()) return [];
  const r = await makeRetriever(retriever, embed);
  const [hits = []] = await r.search([query.trim()], k);
  return hits.map((h) => ({ id: h.id, title: h.title, text: h.text, rank: h.rank, score: h.score }));
}

/** The question set's first gold supporting passage for this trajectory's question, or why not. */
export async function goldPassageFor(t: Trajectory): Promise<{ doc: Doc } | { reason: string }> {
  const { index } = await currentQuestionIndex();
  const match = index && findQuestion(t, index);
  if (!match) return { reason: 'no loaded question set has this question' };
  // The set the match came from (the index holds its own copy of each question).
  const set = (await allQuestionSets()).find(
    (s) => s.name === match.setName && s.questions.some((q) => q.id === match.question.id),
  );
  const ids = match.question.supports ?? [];
  if (ids.length === 0) return { reason: `${match.setName} gives no supporting passage for it` };
  if (!set?.corpusId) return { reason: `${match.setName} was loaded without its corpus` };
  const passages = (await getPassages(set.corpusId)) ?? [];
  // Prefer a supporting passage the trajectory has not retrieved yet: that is the what-if.
  const seen = new Set(t.steps.flatMap((s) => (s.docs ?? []).map((d) => d.id)));
  const byId = new Map(passages.map((p) => [p.id, p]));
  const id = ids.find((x) => byId.has(x) && !seen.has(x)) ?? ids.find((x) => byId.has(x));
  const p = id ? byId.get(id) : undefined;
  if (!p) return { reason: `the supporting passages of ${match.setName} are not in its corpus` };
  return { doc: { id: p.id, title: p.title, text: p.text, rank: 1 } };
}
