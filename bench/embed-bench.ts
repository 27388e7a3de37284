// Embedding throughput on the test model (hopscope-test/tiny-random-bert: a real BERT architecture
// and WordPiece tokenizer with random weights), the app's feature-extraction call (mean pooling,
// normalized, q8 as on WASM): one passage per call vs batches, same passages, same process.
//  - browser: the app's embedding worker in Chromium (EmbedHost → Comlink → transformers.js on
//    WASM with threads), the path a dense-index build takes; this is the number that matters.
//  - node: transformers.js on onnxruntime-node, for reference (no worker round trip per call).
import { resolve } from 'node:path';
import { env, pipeline } from '@huggingface/transformers';
import { WORLD_PASSAGES } from '../app/demo/world/passages';
import { passageEmbedText } from '../app/runtime/search/search-service';
import { withBenchPage } from './browser';
import type { EmbedPageResult } from './embed-page';
import { median } from './median';
import { note, round } from './util';

const MODEL = 'hopscope-test/tiny-random-bert';
const DTYPE = 'q8';
const ROUNDS = 5;

export interface EmbedRate {
  single_per_s: number;
  batched_per_s: number;
  ratio: number;
}

export interface EmbedResult {
  model: string;
  dtype: string;
  passages: number;
  batch_size: number;
  dims: number;
  browser: (EmbedRate & { device: string; threads: number }) | null;
  node: EmbedRate;
}

function texts(n: number): string[] {
  return WORLD_PASSAGES.slice(0, n).map((p) => passageEmbedText(p));
}

async function inNode(list: string[], batchSize: number): Promise<EmbedRate & { dims: number }> {
  env.allowRemoteModels = false;
  env.localModelPath = `${resolve('..', 'shared', 'models')}/`;
  const extractor = await pipeline('feature-extraction', MODEL, { dtype: DTYPE });
  const opts = { pooling: 'mean' as const, normalize: true };
  await extractor(list.slice(0, batchSize), opts); // warm-up: first-run allocations
  const singles: number[] = [];
  const batches: number[] = [];
  let dims = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let t0 = performance.now();
    for (const t of list) dims = (await extractor([t], opts)).dims[1] ?? 0;
    singles.push(list.length / ((performance.now() - t0) / 1000));
    t0 = performance.now();
    for (let i = 0; i < list.length; i += batchSize) await extractor(list.slice(i, i + batchSize), opts);
    batches.push(list.length / ((performance.now() - t0) / 1000));
  }
  const single = median(singles);
  const batched = median(batches);
  await extractor.dispose();
  return {
    single_per_s: round(single, 1),
    batched_per_s: round(batched, 1),
    ratio: round(batched / single, 2),
    dims,
  };
}

async function inBrowser(list: string[], batchSize: number): Promise<EmbedPageResult> {
  return withBenchPage(
    'bench/embed.html',
    async (page) => {
      await page.waitForFunction(() => typeof window.runEmbedBench === 'function', null, {
        timeout: 120_000,
      });
      return page.evaluate(
        ([m, d, l, b, r]) =>
          window.runEmbedBench({ modelId: m, dtype: d, offline: true, device: 'wasm' }, l, b, r),
        [MODEL, DTYPE as 'q8', list, batchSize, ROUNDS] as const,
      );
    },
    { entries: ['workers/embed.worker.ts'] },
  );
}

export async function benchEmbedding(
  options: { passages?: number; batchSize?: number; browser?: boolean } = {},
): Promise<EmbedResult> {
  const n = Math.min(options.passages ?? WORLD_PASSAGES.length, WORLD_PASSAGES.length);
  const batchSize = options.batchSize ?? 32;
  const list = texts(n);
  let browser: EmbedResult['browser'] = null;
  if (options.browser !== false) {
    note(
      `  embedding: ${n} passages in Chromium's embedding worker, one per call vs batches of ${batchSize}…`,
    );
    const r = await inBrowser(list, batchSize);
    browser = {
      device: r.device,
      threads: r.threads,
      single_per_s: round(r.single_per_s, 1),
      batched_per_s: round(r.batched_per_s, 1),
      ratio: round(r.batched_per_s / r.single_per_s, 2),
    };
  }
  note(`  embedding: ${n} passages in Node (onnxruntime-node)…`);
  const node = await inNode(list, batchSize);
  const { dims, ...nodeRate } = node;
  return { model: MODEL, dtype: DTYPE, passages: n, batch_size: batchSize, dims, browser, node: nodeRate };
}
