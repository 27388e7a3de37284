// What the LLM worker exposes over Comlink. Kept apart from workers/llm.worker.ts so Node tests
// can drive the same object over a MessageChannel. Options that cannot cross postMessage (the
// AbortSignal, the onToken callback) become a job id with a cancel message and a proxied callback.
import { releaseCallback } from '../release-callback';
import type { GenerateOptions, GenerateResult, Prompt, ScoreResult } from '../../core/llm/types';
import type { LoadProgress, ModelSource } from '../model-source';
import type { LlmInfo, LlmStats, TransformersLlm } from './transformers-llm';

export type WireGenerateOptions = Omit<GenerateOptions, 'signal' | 'onToken'>;

/** A result plus how many pieces were streamed, so the client can wait for any still in flight. */
export type WireGenerateResult = GenerateResult & { pieces: number };

export function createLlmWorkerApi(llm: TransformersLlm) {
  const jobs = new Map<string, AbortController>();
  return {
    async load(src: ModelSource, onProgress?: (p: LoadProgress) => void): Promise<LlmInfo> {
      try {
        return await llm.load(src, onProgress ? (p) => void onProgress(p) : undefined);
      } finally {
        releaseCallback(onProgress);
      }
    },

    async generate(
      jobId: string,
      prompt: Prompt,
      options: WireGenerateOptions,
      onToken?: (piece: string, index: number) => void,
    ): Promise<WireGenerateResult> {
      // Registered before the first await: a cancel message, which always arrives after this
      // call's message, finds the job.
      const ac = new AbortController();
      jobs.set(jobId, ac);
      let pieces = 0;
      try {
        const r = await llm.generate(prompt, {
          ...options,
          signal: ac.signal,
          // Not awaited: the callback is a message to the page; decoding goes on meanwhile.
          onToken: onToken ? (piece) => void onToken(piece, pieces++) : undefined,
        });
        return { ...r, pieces };
      } finally {
        jobs.delete(jobId);
        releaseCallback(onToken);
      }
    },

    /** Stops a generation between two tokens (or before it starts, if it is still queued). */
    cancel(jobId: string): void {
      jobs.get(jobId)?.abort();
    },

    score: (prefix: Prompt, continuation: string): Promise<ScoreResult> => llm.score(prefix, continuation),
    setReuseCache: (on: boolean): Promise<void> => llm.setReuseCache(on),
    info: (): LlmInfo | null => llm.info,
    stats: (): LlmStats => ({ ...llm.stats }),
    diagnostics: (): Record<string, unknown> => llm.diagnostics(),
  };
}

export type LlmWorkerApi = ReturnType<typeof createLlmWorkerApi>;
