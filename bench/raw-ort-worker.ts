// The raw-runtime side of `npm run bench -- agent`: the bench model on onnxruntime-web directly
// (bench/raw-ort-decode.ts), in a worker of its own like the app's LLM worker, with the same ORT
// .wasm build (the plain SIMD-threaded one the app picks for WASM) and the same thread count.
import { workerMemory } from './wasm-memory-probe';
import * as Comlink from 'comlink';
import * as ort from 'onnxruntime-web/wasm';
import plainMjs from 'onnxruntime-web/ort-wasm-simd-threaded.mjs?url';
import plainWasm from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import { greedyDecode, type KvShape, kvShapeOf, type RawDecode, type RawSession } from './raw-ort-decode';

let loaded: { session: ort.InferenceSession; shape: KvShape } | null = null;

const tensor = (type: 'int64' | 'float32', data: BigInt64Array | Float32Array, dims: number[]) =>
  new ort.Tensor(type, data, dims);

async function fetchOk(url: string): Promise<Response> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res;
}

const api = {
  /** Loads `modelUrl` (its config.json gives the cache shape) on `threads` WASM threads. */
  async load(modelUrl: string, configUrl: string, threads: number): Promise<{ loadMs: number }> {
    const t0 = performance.now();
    ort.env.wasm.wasmPaths = {
      mjs: new URL(plainMjs, self.location.href).href,
      wasm: new URL(plainWasm, self.location.href).href,
    };
    ort.env.wasm.numThreads = threads;
    const shape = kvShapeOf((await (await fetchOk(configUrl)).json()) as Record<string, unknown>);
    const bytes = new Uint8Array(await (await fetchOk(modelUrl)).arrayBuffer());
    const session = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
    loaded = { session, shape };
    return { loadMs: performance.now() - t0 };
  },
  async decode(promptIds: number[], newTokens: number): Promise<RawDecode> {
    if (!loaded) throw new Error('raw ORT worker: nothing loaded');
    return greedyDecode(loaded.session as unknown as RawSession, tensor, loaded.shape, promptIds, newTokens);
  },
  /** The worker's wasm and JS heap sizes (bench/wasm-memory-probe.ts). */
  async memory() {
    return workerMemory();
  },
  async release(): Promise<void> {
    await loaded?.session.release();
    loaded = null;
  },
};

export type RawOrtApi = typeof api;

Comlink.expose(api);
