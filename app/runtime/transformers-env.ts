// One place that configures transformers.js / onnxruntime-web inside a worker, before the first
// session: the app serves ORT's .wasm itself (never a CDN), threads are set while they still can
// be (ORT fixes them at its first session), and models come from /models/ or the hub.
import { env } from '@huggingface/transformers';
import ortMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import plainMjs from 'onnxruntime-web/ort-wasm-simd-threaded.mjs?url';
import plainWasm from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import { LOCAL_MODEL_PATH, type ModelSource } from './model-source';

let configured = false;

export function configureTransformers(src: Pick<ModelSource, 'offline'>): void {
  env.allowLocalModels = true;
  env.localModelPath = LOCAL_MODEL_PATH;
  env.allowRemoteModels = !src.offline;
  // The browser cache would keep stale copies of local test models; hub downloads are worth caching.
  env.useBrowserCache = !src.offline;
  if (configured) return;
  configured = true;
  const onnx = env.backends.onnx as { wasm?: Record<string, unknown> };
  if (onnx.wasm) {
    // The asyncify build is the one the WebGPU bundle uses; absolute URLs so blob workers resolve them.
    onnx.wasm.wasmPaths = {
      mjs: new URL(ortMjs, self.location.href).href,
      wasm: new URL(ortWasm, self.location.href).href,
    };
    const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 1 : 1;
    // Threads need SharedArrayBuffer, i.e. a cross-origin isolated page.
    onnx.wasm.numThreads = self.crossOriginIsolated ? Math.max(1, Math.min(4, cores)) : 1;
  }
}

/**
 * Which ORT build the worker's first session loads. WebGPU needs the asyncify build; on WASM the
 * plain SIMD-threaded build runs with the same transformers.js bundle and is faster: measured on
 * bench-random-llama (`npm run bench -- agent`, 2 shared cores) 37–41 vs 32–36 tokens/s, a first
 * token 0.52–0.56 vs 0.70–0.95 s, and ≈0.5 vs up to 3 ms of non-model time per run. Call after
 * configureTransformers and before the first session; a device change means a fresh worker.
 */
export function selectOrtBuild(device: DeviceChoice['device']): void {
  const wasm = (env.backends.onnx as { wasm?: Record<string, unknown> }).wasm;
  if (!wasm) return;
  const [mjs, bin] = device === 'wasm' ? [plainMjs, plainWasm] : [ortMjs, ortWasm];
  wasm.wasmPaths = {
    mjs: new URL(mjs, self.location.href).href,
    wasm: new URL(bin, self.location.href).href,
  };
}

export interface DeviceChoice {
  device: 'webgpu' | 'wasm';
  reason: string;
}

/**
 * WebGPU only when an adapter exists and is not a software fallback: SwiftShader computes
 * correctly but 15–30× slower than WASM (docs/architecture.md §6).
 */
export async function chooseDevice(want: ModelSource['device']): Promise<DeviceChoice> {
  if (want === 'wasm') return { device: 'wasm', reason: 'WASM chosen in settings' };
  const gpu = (navigator as Navigator & { gpu?: GPU }).gpu;
  if (!gpu) return { device: 'wasm', reason: 'this browser has no WebGPU (navigator.gpu is missing)' };
  let adapter: GPUAdapter | null;
  try {
    adapter = await gpu.requestAdapter();
  } catch (e) {
    return { device: 'wasm', reason: `WebGPU adapter request failed: ${(e as Error).message}` };
  }
  if (!adapter) return { device: 'wasm', reason: 'WebGPU has no adapter on this machine' };
  const fallback = (adapter as GPUAdapter & { info?: { isFallbackAdapter?: boolean } }).info
    ?.isFallbackAdapter;
  if (fallback && want === 'auto')
    return { device: 'wasm', reason: 'the only WebGPU adapter is a software fallback, slower than WASM' };
  return {
    device: 'webgpu',
    reason: fallback ? 'WebGPU chosen in settings (software fallback adapter)' : 'WebGPU adapter available',
  };
}

export function threadCount(): number {
  const onnx = env.backends.onnx as { wasm?: { numThreads?: number } };
  return onnx.wasm?.numThreads ?? 1;
}
