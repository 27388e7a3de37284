// The embedding worker's API (workers/embed.worker.ts exposes it): holds the transformers.js
// feature-extraction session (WebGPU or WASM, ./embedder.ts).
import * as Comlink from 'comlink';
import type { LoadProgress, ModelSource } from '../model-source';
import { TransformersEmbedder } from './embedder';

export function createEmbedWorkerApi(embedder = new TransformersEmbedder()) {
  const cancelled = new Set<string>();
  return {
    load: (src: ModelSource, onProgress?: (p: LoadProgress) => void) => embedder.load(src, onProgress),
    async embed(jobId: string, texts: string[], batchSize = 32) {
      const signal = {
        get aborted() {
          return cancelled.has(jobId);
        },
      };
      const v = await embedder.embed(texts, batchSize, signal);
      return Comlink.transfer(v, [v.buffer]);
    },
    cancel: (jobId: string) => void cancelled.add(jobId),
    stats: () => ({ ...embedder.stats }),
    info: () => embedder.loaded,
  };
}

export type EmbedWorkerApi = ReturnType<typeof createEmbedWorkerApi>;
