// A live run as a use case: build the ports the user configured, run the strategy, store the
// result like an imported trajectory ("saved" means on disk). Plain TS; the UI follows it through
// app/ui/state/live-run.ts.
import { runStrategy } from '../core/agents/run';
import { runFailure } from '../core/agents/run-failure';
import { untilAbort } from '../core/agents/session';
import type { AnyStrategyDef } from '../core/agents/types';
import type { TrajectoryEvent } from '../core/schema/builder';
import type { Gold, Trajectory } from '../core/schema/trajectory';
import { putTrajectories } from '../db/store';
import { announce } from './changes';
import { type LlmConfig, makeLlm, makeRetriever, type RetrieverConfig } from '../runtime/agent-ports';
import type { ModelSource } from '../runtime/model-source';

export interface LiveRunSpec {
  def: AnyStrategyDef;
  question: string;
  qid?: string;
  dataset?: string;
  gold?: Gold;
  params: Record<string, unknown>;
  prompts: Record<string, string>;
  llm: LlmConfig;
  /** Held in memory for the request only; never stored. */
  apiKey?: string;
  retriever: RetrieverConfig;
  embed: ModelSource;
}

export async function runAndStoreLive(
  spec: LiveRunSpec,
  signal: AbortSignal,
  onEvent?: (e: TrajectoryEvent, draft: Trajectory) => void,
  onPhase?: (p: 'model' | 'index' | 'running') => void,
): Promise<Trajectory> {
  onPhase?.('model');
  // Stop works while the model loads or the index opens, not only once the run has started.
  const llm = await untilAbort(makeLlm(spec.llm, spec.apiKey), signal);
  onPhase?.('index');
  const retriever = await untilAbort(makeRetriever(spec.retriever, spec.embed), signal);
  onPhase?.('running');
  const t = await runStrategy(
    spec.def,
    {
      question: spec.question,
      llm,
      retriever,
      params: spec.params,
      prompts: spec.prompts,
      signal,
      source: {
        ...(spec.qid ? { qid: spec.qid } : {}),
        ...(spec.dataset ? { dataset: spec.dataset } : {}),
        system: llm.model || spec.def.id,
      },
      ...(spec.gold ? { gold: spec.gold } : {}),
    },
    onEvent,
  );
  // A run that failed (its model or retriever unreachable) is not a result: it is not stored as
  // finished, nor counted in the table; its steps stay on screen beside the error and a retry.
  const failed = runFailure(t);
  if (failed !== null) throw new Error(`The run did not finish (${failed}); nothing was stored.`);
  await putTrajectories([t]);
  announce('trajectories');
  return t;
}
