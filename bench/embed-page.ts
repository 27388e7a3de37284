// Browser side of the embedding measurement in `npm run bench -- index`: the app's own embedding
// worker (EmbedHost: Comlink, transformers.js feature-extraction on WASM) embeds the same passages
// one per call and in batches; the driver calls window.runEmbedBench.
import { EmbedHost } from '../app/runtime/embed/client';
import type { ModelSource } from '../app/runtime/model-source';
import { median } from './median';

export interface EmbedPageResult {
  device: string;
  dtype: string;
  threads: number;
  dims: number;
  passages: number;
  single_per_s: number;
  batched_per_s: number;
  batch_size: number;
  load_s: number;
}

declare global {
  interface Window {
    runEmbedBench(
      src: ModelSource,
      texts: string[],
      batchSize: number,
      rounds: number,
    ): Promise<EmbedPageResult>;
  }
}

window.runEmbedBench = async (src, texts, batchSize, rounds) => {
  const host = new EmbedHost();
  const t0 = performance.now();
  const info = await host.ensure(src);
  const load_s = (performance.now() - t0) / 1000;
  // warm-up: first-run allocations of both shapes
  await host.embed(texts.slice(0, batchSize), 'passages', { batchSize });
  await host.embed(texts.slice(0, 1), 'passages', { batchSize: 1 });
  // Rounds alternate the two ways, and each keeps its median rate: this machine is noisy.
  const singles: number[] = [];
  const batches: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let t = performance.now();
    for (const text of texts) await host.embed([text], 'passages', { batchSize: 1 });
    singles.push(texts.length / ((performance.now() - t) / 1000));
    t = performance.now();
    // The dense-index build's own path: chunks of texts to the worker, batched inside it.
    for (let i = 0; i < texts.length; i += 64)
      await host.embed(texts.slice(i, i + 64), 'passages', { batchSize });
    batches.push(texts.length / ((performance.now() - t) / 1000));
  }
  const single = median(singles);
  const batched = median(batches);
  host.dispose();
  return {
    device: info.device,
    dtype: info.dtype,
    threads: info.threads,
    dims: info.dims,
    passages: texts.length,
    single_per_s: single,
    batched_per_s: batched,
    batch_size: batchSize,
    load_s,
  };
};

export interface EmbedRateResult {
  device: string;
  threads: number;
  per_s: number;
  load_s: number;
}

declare global {
  interface Window {
    runEmbedRate(
      src: ModelSource,
      texts: string[],
      batchSize: number,
      rounds: number,
    ): Promise<EmbedRateResult>;
  }
}

// Batched only, as a dense-index build sends them: the real-sized encoder's throughput.
window.runEmbedRate = async (src, texts, batchSize, rounds) => {
  const host = new EmbedHost();
  const t0 = performance.now();
  const info = await host.ensure(src);
  const load_s = (performance.now() - t0) / 1000;
  await host.embed(texts.slice(0, batchSize), 'passages', { batchSize });
  const rates: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const t = performance.now();
    for (let i = 0; i < texts.length; i += 64)
      await host.embed(texts.slice(i, i + 64), 'passages', { batchSize });
    rates.push(texts.length / ((performance.now() - t) / 1000));
  }
  host.dispose();
  const per_s = [...rates].sort((a, b) => a - b)[Math.floor(rates.length / 2)]!;
  return { device: info.device, threads: info.threads, per_s, load_s };
};
