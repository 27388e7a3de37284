// The batch runner (zustand): runs the pending jobs of a batch one after another, storing each
// trajectory and marking its job done in one IndexedDB transaction. Pause stops at once (the job
// in flight is dropped and runs again on resume); cancel keeps what finished.
import { create } from 'zustand';
import { strategy as strategyById } from '../../core/agents/registry';
import { runStrategy } from '../../core/agents/run';
import { etaSeconds, goldOf, jobParams, pendingJobs } from '../../core/batch/plan';
import { putBatch, recordBatchJob, setBatchStatus } from '../../db/batch-store';
import type { BatchRecord } from '../../db/db';
import { type LlmConfig, makeLlm, makeRetriever, type RetrieverConfig } from '../../runtime/agent-ports';
import type { ModelSource } from '../../runtime/model-source';
import { untilAbort } from '../../core/agents/session';

interface BatchRun {
  /** The batch being run, if any. */
  batchId: string | null;
  status: 'idle' | 'preparing' | 'running';
  done: number;
  total: number;
  etaS: number | null;
  current: string;
  error: string | null;
  /** Bumped whenever a job finishes, so views reload results. */
  version: number;
  run(b: BatchRecord, apiKey?: string): Promise<void>;
  pause(): Promise<void>;
  cancel(): Promise<void>;
}

let controller: AbortController | null = null;

export const useBatchRun = create<BatchRun>((set, get) => ({
  batchId: null,
  status: 'idle',
  done: 0,
  total: 0,
  etaS: null,
  current: '',
  error: null,
  version: 0,

  async run(b, apiKey) {
    if (get().status !== 'idle') return;
    const ac = new AbortController();
    controller = ac;
    const total = b.spec.questions.length * b.spec.strategies.length;
    set({
      batchId: b.id,
      status: 'preparing',
      done: b.done.length,
      total,
      etaS: null,
      current: '',
      error: null,
    });
    let record: BatchRecord = { ...b, status: 'running' };
    await putBatch(record);
    try {
      const llm = await untilAbort(makeLlm(b.spec.llm as LlmConfig, apiKey), ac.signal);
      const retriever = await untilAbort(
        makeRetriever(b.spec.retriever as RetrieverConfig, b.spec.embed as ModelSource),
        ac.signal,
      );
      set({ status: 'running' });
      const times = b.done.map((d) => d.ms);
      const jobs = pendingJobs(b.spec, new Set(b.done.map((d) => d.key)));
      for (const [i, job] of jobs.entries()) {
        if (ac.signal.aborted) break;
        const def = strategyById(job.strategy);
        const label = job.variant === job.strategy ? def.label : job.variant;
        set({ current: `${label} · ${job.question.question}` });
        const t0 = performance.now();
        const t = await runStrategy(def, {
          question: job.question.question,
          llm,
          retriever,
          params: jobParams(b.spec.params, job),
          prompts: b.spec.prompts[job.strategy] ?? {},
          signal: ac.signal,
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
        if (ac.signal.aborted || t.finishReason === 'cancelled') break;
        // A model or retriever failure is not a result: stop here, so resuming retries the job.
        if (
          t.finishReason === 'llm_error' ||
          t.finishReason === 'retriever_error' ||
          t.finishReason === 'error'
        ) {
          const why = [...t.steps].reverse().find((x) => x.error)?.error ?? t.finishReason;
          throw new Error(`${label} failed on “${job.question.question}”: ${why} (paused; resume to retry)`);
        }
        const ms = performance.now() - t0;
        times.push(ms);
        record = await recordBatchJob(b.id, { key: job.key, trajectoryId: t.id, ms }, t);
        set((s) => ({
          done: record.done.length,
          etaS: etaSeconds(times, jobs.length - i - 1),
          version: s.version + 1,
        }));
      }
      if (!ac.signal.aborted) await setBatchStatus(b.id, record.done.length >= total ? 'done' : 'paused');
    } catch (e) {
      // Pause and Cancel abort the run and write their own status (a wait on the model load then
      // rejects here): only a real failure pauses the batch with its error.
      if (ac.signal.aborted) return;
      set({ error: e instanceof Error ? e.message : String(e) });
      await setBatchStatus(b.id, 'paused');
    } finally {
      if (controller === ac) controller = null;
      set((s) => ({ status: 'idle', current: '', version: s.version + 1 }));
    }
  },

  async pause() {
    const id = get().batchId;
    controller?.abort();
    if (id) await setBatchStatus(id, 'paused');
  },

  async cancel() {
    const id = get().batchId;
    controller?.abort();
    if (id) await setBatchStatus(id, 'cancelled');
    set((s) => ({ version: s.version + 1 }));
  },
}));
