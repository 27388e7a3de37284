// Browser side of `npm run bench -- agent`: loads the model in the app's LLM worker and runs the
// shared measurements. The driver calls window.runAgentBench and reads progress from the console.
import { LlmClient, spawnLlmWorker, type WorkerHandle } from '../app/runtime/llm/client';
import type { ModelSource } from '../app/runtime/model-source';
import type { LlmInfo } from '../app/runtime/llm/transformers-llm';
import { TINY } from '../app/runtime/llm/test-sources';
import { measure, type Measured, type MeasureOptions, tinyCheck } from './agent-measure';
import { pairWithRaw, type RawPairOptions, type RawPairResult, type WorkerMemory } from './agent-raw-pair';
import type { Variant } from './agent-worker';

/** The app's worker, or the experiment worker when a variant is given (it reads it from its name). */
function spawner(variant: Variant | undefined): () => WorkerHandle {
  if (!variant) return spawnLlmWorker;
  return () => {
    const worker = new Worker(new URL('./agent-worker.ts', import.meta.url), {
      type: 'module',
      name: JSON.stringify(variant),
    });
    return { endpoint: worker, terminate: () => worker.terminate() };
  };
}

export interface PageResult extends Measured {
  load_s: number;
  info: LlmInfo;
  page: { crossOriginIsolated: boolean; hardwareConcurrency: number; userAgent: string };
  worker: Record<string, unknown>;
  /** Hopscope's worker against the same decode loop on onnxruntime-web directly, when asked. */
  raw?: RawPairResult;
}

/** A short multi-turn run on tiny-random-llama fp32, to compare with Node token for token. */
export interface TinyCheck {
  device: string;
  reason: string;
  texts: string[];
  cachedTokens: number[];
}

declare global {
  interface Window {
    runAgentBench(
      src: ModelSource,
      options: MeasureOptions,
      variant?: Variant,
      raw?: RawPairOptions,
    ): Promise<PageResult>;
    runTinyCheck(device: ModelSource['device']): Promise<TinyCheck>;
  }
}

window.runTinyCheck = async (device) => {
  const client = new LlmClient();
  try {
    const info = await client.load({ ...TINY, device });
    return { device: info.device, reason: info.reason, ...(await tinyCheck(client)) };
  } finally {
    client.dispose();
  }
};

window.runAgentBench = async (src, options, variant, rawOptions) => {
  const log = (m: string) => console.log(`[agent-bench] ${m}`);
  const client = new LlmClient(spawner(variant));
  const t0 = performance.now();
  let lastPct = -1;
  const info = await client.load(src, (p) => {
    const pct = p.total ? Math.floor((100 * p.loaded) / p.total / 25) * 25 : 0;
    if (p.file.endsWith('.onnx') && pct !== lastPct) log(`loading ${p.file}: ${(lastPct = pct)}%`);
  });
  const load_s = (performance.now() - t0) / 1000;
  log(
    `loaded in ${load_s.toFixed(1)} s on ${info.device} (${info.reason}), dtype ${info.dtype}, ${info.threads} threads`,
  );
  const measured = await measure(
    {
      llm: client,
      setReuseCache: (on) => client.setReuseCache(on),
      stats: () => client.stats(),
    },
    options,
    log,
  );
  // The experiment worker (--variant) reports its wasm heap; the app's worker has no probe.
  const memory = async () => ((await client.diagnostics()).memory as WorkerMemory | undefined) ?? null;
  const raw = rawOptions ? await pairWithRaw(client, info, rawOptions, log, memory) : undefined;
  const worker = await client.diagnostics();
  client.dispose();
  return {
    ...measured,
    ...(raw ? { raw } : {}),
    load_s,
    info,
    page: {
      crossOriginIsolated: self.crossOriginIsolated,
      hardwareConcurrency: navigator.hardwareConcurrency,
      userAgent: navigator.userAgent,
    },
    worker,
  };
};
