// A variant of workers/llm.worker.ts for the speed experiments of `npm run bench -- agent
// --variant '<json>'`: which ORT JS bundle and .wasm build, how many threads. The variant comes in
// the worker's name; the ORT bundle must be chosen before transformers.js is imported, so the
// real API is built asynchronously and a thin forwarder is exposed at once (messages sent before
// `expose` would be lost).
import { workerMemory } from './wasm-memory-probe';
import * as Comlink from 'comlink';
import asyncifyMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import asyncifyWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import jsepMjs from 'onnxruntime-web/ort-wasm-simd-threaded.jsep.mjs?url';
import jsepWasm from 'onnxruntime-web/ort-wasm-simd-threaded.jsep.wasm?url';
import jspiMjs from 'onnxruntime-web/ort-wasm-simd-threaded.jspi.mjs?url';
import jspiWasm from 'onnxruntime-web/ort-wasm-simd-threaded.jspi.wasm?url';
import plainMjs from 'onnxruntime-web/ort-wasm-simd-threaded.mjs?url';
import plainWasm from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import type { LlmWorkerApi } from '../app/runtime/llm/api';
import type { LlmRuntime } from '../app/runtime/llm/transformers-llm';

export interface Variant {
  /** ORT JS bundle: 'webgpu' is what transformers.js imports; 'wasm' is ORT's WASM-only bundle. */
  bundle?: 'webgpu' | 'wasm';
  /** .wasm build; the default is whatever the app's transformers-env.ts sets. */
  build?: 'asyncify' | 'plain' | 'jsep' | 'jspi';
  threads?: number;
  /** ORT's own proxy worker (env.wasm.proxy): ORT then runs in a worker of this worker. */
  proxy?: boolean;
}

const BUILDS = {
  asyncify: { mjs: asyncifyMjs, wasm: asyncifyWasm },
  plain: { mjs: plainMjs, wasm: plainWasm },
  jsep: { mjs: jsepMjs, wasm: jsepWasm },
  jspi: { mjs: jspiMjs, wasm: jspiWasm },
};

const variant = JSON.parse(self.name || '{}') as Variant;

async function start(): Promise<LlmWorkerApi> {
  if (variant.bundle === 'wasm') {
    const ort = await import('onnxruntime-web/wasm');
    (globalThis as Record<symbol, unknown>)[Symbol.for('onnxruntime')] = ort;
  }
  const [{ env }, { browserRuntime }, { createLlmWorkerApi }, { TransformersLlm }] = await Promise.all([
    import('@huggingface/transformers'),
    import('../app/runtime/llm/browser-runtime'),
    import('../app/runtime/llm/api'),
    import('../app/runtime/llm/transformers-llm'),
  ]);
  const runtime: LlmRuntime = {
    ...browserRuntime,
    async prepare(src) {
      const chosen = await browserRuntime.prepare(src);
      const wasm = (env.backends.onnx as { wasm: { wasmPaths?: unknown; numThreads?: number } }).wasm;
      if (variant.build) {
        const b = BUILDS[variant.build];
        wasm.wasmPaths = {
          mjs: new URL(b.mjs, self.location.href).href,
          wasm: new URL(b.wasm, self.location.href).href,
        };
      }
      if (variant.threads) wasm.numThreads = variant.threads;
      if (variant.proxy) (wasm as { proxy?: boolean }).proxy = true;
      // An injected ORT registers no device list in transformers.js: 'auto' lets ORT pick wasm.
      const device = variant.bundle === 'wasm' ? 'auto' : chosen.device;
      return { ...chosen, device, threads: wasm.numThreads ?? 1 };
    },
    diagnostics: () => ({ ...browserRuntime.diagnostics?.(), variant, memory: workerMemory() }),
  };
  return createLlmWorkerApi(new TransformersLlm(runtime));
}

const ready = start();
const forward = <K extends keyof LlmWorkerApi>(key: K) =>
  (async (...args: unknown[]) =>
    ((await ready)[key] as (...a: unknown[]) => unknown)(...args)) as LlmWorkerApi[K];
const api = Object.fromEntries(
  (['load', 'generate', 'cancel', 'score', 'setReuseCache', 'info', 'stats', 'diagnostics'] as const).map(
    (k) => [k, forward(k)],
  ),
);
Comlink.expose(api);
