// Running a batch as a use case: the pending jobs of a batch one after another, each stored with
// its job marked done in one IndexedDB transaction, with the ports the batch was configured with.
// A stop (the signal) drops the job in flight, which runs again on resume; a model or retriever
// failure stops the batch (paused) with its reason. Plain TS; the UI follows it through
// app/ui/state/batch-run.ts.
import { runFailure } from '../../core/agents/run-failure';
import { strategy as strategyById } from '../../core/agents/registry';
import { runStrategy } from '../../core/agents/run';
import { untilAbort } from '../../core/agents/session';
import { etaSeconds, goldOf, jobParams, pendingJobs } from '../../core/batch/plan';
import { putBatch, recordBatchJob, setBatchStatus } from '../../db/batch-store';
import { announce } from '../changes';
import type { BatchRecord } from '../../db/db';
import { type LlmConfig, makeLlm, makeRetriever, type RetrieverConfig } from '../../runtime/agent-ports';
import type { ModelSource } from '../../runtime/model-source';

/** The record a batch run reads and writes, for the UI's job store (app/ui/state/batch-run). */
export type { BatchRecord };

export interface BatchProgress {
  phase: 'preparing' | 'running';
  /** Jobs stored so far (including earlier sessions). */
  done: number;
  etaS: number | null;
  /** The job running now: strategy label and question. */
  current: string;
  /** True when a job was just stored (views reload results). */
  stored: boolean;
}

/** Runs the pending jobs of `b`; resolves when they are done or `signal` stops them. */
export async function runBatch(
  b: BatchRecord,
  signal: AbortSignal,
  onProgress: (p: BatchProgress) => void,
  apiKey?: string,
): Promise<void> {
  const total = b.spec.questions.length * b.spec.strategies.length;
  let record: BatchRecord = { ...b, status: 'running' };
  await putBatch(record);
  announce('batches');
  try {
    const llm = await untilAbort(makeLlm(b.spec.llm as LlmConfig, apiKey), signal);
    const retriever = await untilAbort(
      makeRetriever(b.spec.retriever as RetrieverConfig, b.spec.embed as ModelSource),
      signal,
    );
    onProgress({ phase: 'running', done: b.done.length, etaS: null, current: '', stored: false });
    const times = b.done.map((d) => d.ms);
    const jobs = pendingJobs(b.spec, new Set(b.done.map((d) => d.key)));
    for (const [i, job] of jobs.entries()) {
      if (signal.aborted) break;
      const def = strategyById(job.strategy);
      const label = job.variant === job.strategy ? def.label : job.variant;
      const current = `${label} · ${job.question.question}`;
      onProgress({ phase: 'running', done: record.done.length, etaS: null, current, stored: false });
      const t0 = performance.now();
      const t = await runStrategy(def, {
        question: job.question.question,
        llm,
        retriever,
        params: jobParams(b.spec.params, job),
        prompts: b.spec.prompts[job.strategy] ?? {},
        signal,
        gold: goldOf(job.question),
        id: job.trajectoryId,
        source: {
          qid: job.question.qid,
          file: `batch: ${b.name}`,
          ...(job.question.dataset ? { dataset: job.question.dataset } : {}),
          system: llm.model || job.strategy,
        },
      });
      // A paused or cancelled job is incomplete: it is not kept, and runs again on resume.
      if (signal.aborted || t.finishReason === 'cancelled') break;
      // A model or retriever failure is not a result: stop here, so resuming retries the job.
      const failed = runFailure(t);
      if (failed !== null)
        throw new Error(`${label} failed on “${job.question.question}”: ${failed} (paused; resume to retry)`);
      const ms = performance.now() - t0;
      times.push(ms);
      record = await recordBatchJob(b.id, { key: job.key, trajectoryId: t.id, ms }, t);
      announce('batches', 'trajectories');
      onProgress({
        phase: 'running',
        done: record.done.length,
        etaS: etaSeconds(times, jobs.length - i - 1),
        current,
        stored: true,
      });
    }
    if (!signal.aborted) await setBatchStatus(b.id, record.done.length >= total ? 'done' : 'paused');
    announce('batches');
  } catch (e) {
    // Pause and Cancel write their own status (a wait on the model load then rejects here): only a
    // real failure pauses the batch, and the caller shows its reason.
    if (signal.aborted) return;
    await setBatchStatus(b.id, 'paused');
    announce('batches');
    throw e;
  }
}

export async function pauseBatch(id: string): Promise<void> {
  await setBatchStatus(id, 'paused');
  announce('batches');
}

export async function cancelBatch(id: string): Promise<void> {
  await setBatchStatus(id, 'cancelled');
  announce('batches');
}
