// Embedding throughput on a real-sized encoder: hopscope-test/bench-random-minilm has the exact
// shape of all-MiniLM-L6-v2 (6 layers, hidden 384, int8) with random weights. The same ~130-token
// passages are embedded, batched, by the app's embedding worker in Chromium (WASM, threads under
// cross-origin isolation: the path a dense-index build takes) and by transformers.js on
// onnxruntime-node (native, the limit), in one run. The ratio browser / native is the figure.
import { resolve } from 'node:path';
import { AutoTokenizer, env, pipeline } from '@huggingface/transformers';
import { WORLD_PASSAGES } from '../app/demo/world/passages';
import { passageEmbedText } from '../app/runtime/search/search-service';
import { withBenchPage } from './browser';
import type { EmbedRateResult } from './embed-page';
import { note, round } from './util';

export const MINILM = 'hopscope-test/bench-random-minilm';
const DTYPE = 'q8';
const ROUNDS = 3;
/** Target passage length in tokens (the "~130-token passages"). */
const TOKENS = 130;

export interface MiniLmResult {
  model: string;
  dtype: string;
  passages: number;
  mean_tokens: number;
  batch_size: number;
  embed_minilm_browser_per_s: number | null;
  embed_minilm_node_per_s: number;
  browser_vs_node: number | null;
  browser_threads: number | null;
  browser_device: string | null;
}

/** Passages of about TOKENS tokens: demo passages joined until the tokenizer counts enough. */
async function passages(n: number): Promise<{ texts: string[]; meanTokens: number }> {
  const tok = await AutoTokenizer.from_pretrained(MINILM);
  const pool = WORLD_PASSAGES.map((p) => passageEmbedText(p));
  const texts: string[] = [];
  let total = 0;
  for (let i = 0, k = 0; texts.length < n; i++) {
    let text = '';
    let count = 0;
    while (count < TOKENS) {
      text = text ? `${text} ${pool[k++ % pool.length]!}` : pool[k++ % pool.length]!;
      count = tok.encode(text).length;
    }
    // Trim to the target by words so lengths stay near TOKENS (real chunkers cut the same way).
    const words = text.split(' ');
    while (words.length > 1 && tok.encode(words.join(' ')).length > TOKENS) words.pop();
    const t = words.join(' ');
    texts.push(t);
    total += tok.encode(t).length;
  }
  return { texts, meanTokens: total / texts.length };
}

async function inNode(texts: string[], batchSize: number): Promise<number> {
  const extractor = await pipeline('feature-extraction', MINILM, { dtype: DTYPE });
  const opts = { pooling: 'mean' as const, normalize: true };
  await extractor(texts.slice(0, batchSize), opts); // warm-up
  const rates: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    for (let i = 0; i < texts.length; i += batchSize) await extractor(texts.slice(i, i + batchSize), opts);
    rates.push(texts.length / ((performance.now() - t0) / 1000));
  }
  await extractor.dispose();
  return [...rates].sort((a, b) => a - b)[Math.floor(rates.length / 2)]!;
}

async function inBrowser(texts: string[], batchSize: number): Promise<EmbedRateResult> {
  return withBenchPage(
    'bench/embed.html',
    async (page) => {
      await page.waitForFunction(() => typeof window.runEmbedRate === 'function', null, {
        timeout: 120_000,
      });
      return page.evaluate(
        ([m, d, l, b, r]) =>
          window.runEmbedRate({ modelId: m, dtype: d, offline: true, device: 'wasm' }, l, b, r),
        [MINILM, DTYPE as 'q8', texts, batchSize, ROUNDS] as const,
      );
    },
    { entries: ['workers/embed.worker.ts'], prod: true },
  );
}

export async function benchMiniLm(
  options: { passages?: number; batchSize?: number; browser?: boolean } = {},
): Promise<MiniLmResult> {
  env.allowRemoteModels = false;
  env.localModelPath = `${resolve('..', 'shared', 'models')}/`;
  const n = options.passages ?? 128;
  const batchSize = options.batchSize ?? 16;
  const { texts, meanTokens } = await passages(n);
  let browser: EmbedRateResult | null = null;
  if (options.browser !== false) {
    note(`  MiniLM-sized encoder: ${n} passages of ~${TOKENS} tokens in Chromium's embedding worker…`);
    browser = await inBrowser(texts, batchSize);
  }
  note(`  MiniLM-sized encoder: the same passages on onnxruntime-node…`);
  const node = await inNode(texts, batchSize);
  return {
    model: MINILM,
    dtype: DTYPE,
    passages: n,
    mean_tokens: round(meanTokens, 1),
    batch_size: batchSize,
    embed_minilm_browser_per_s: browser ? round(browser.per_s, 1) : null,
    embed_minilm_node_per_s: round(node, 1),
    browser_vs_node: browser ? round(browser.per_s / node, 2) : null,
    browser_threads: browser?.threads ?? null,
    browser_device: browser?.device ?? null,
  };
}
