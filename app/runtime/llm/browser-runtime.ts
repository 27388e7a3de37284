// LlmRuntime inside the browser worker: the shared transformers.js setup (ORT wasm served by the
// app, thread count, /models/ or the hub) and the WebGPU-vs-WASM choice.
//
// On WASM the worker runs ORT's plain SIMD-threaded build instead of the asyncify one the WebGPU EP
// needs (selectOrtBuild: measured faster, see there; half as much code for V8 to compile, 14 vs
// 27 MB, and no asyncify unwinding around each run).
import { env } from '@huggingface/transformers';
import { describeLoadFailure, httpExists } from '../load-failure';
import { chooseDevice, configureTransformers, selectOrtBuild, threadCount } from '../transformers-env';
import type { LlmRuntime } from './transformers-llm';

export const browserRuntime: LlmRuntime = {
  async prepare(src) {
    configureTransformers(src);
    const choice = await chooseDevice(src.device);
    // Read by ORT at its first session; a later device change gets a fresh worker (LlmClient).
    selectOrtBuild(choice.device);
    return { ...choice, threads: choice.device === 'wasm' ? threadCount() : 1 };
  },
  async defaultDtype(device) {
    if (device !== 'webgpu') return 'q8';
    // q4f16 needs shader-f16; without it, q4 weights with fp32 activations.
    const adapter = await (navigator as Navigator & { gpu?: GPU }).gpu?.requestAdapter();
    return adapter?.features.has('shader-f16') ? 'q4f16' : 'q4';
  },
  describeLoadError: (src, error, dtype) => describeLoadFailure(src, error, httpExists(), dtype),
  diagnostics() {
    const wasm = (
      env.backends.onnx as { wasm?: { numThreads?: number; proxy?: boolean; wasmPaths?: unknown } }
    ).wasm;
    return {
      crossOriginIsolated: self.crossOriginIsolated,
      sharedArrayBuffer: typeof SharedArrayBuffer !== 'undefined',
      hardwareConcurrency: navigator.hardwareConcurrency,
      numThreads: wasm?.numThreads,
      proxy: wasm?.proxy,
      wasmPaths: wasm?.wasmPaths,
    };
  },
};
