// LLM worker: holds the transformers.js causal-LM session and its KV cache (WebGPU or WASM).
import * as Comlink from 'comlink';
import { browserRuntime } from '../app/runtime/llm/browser-runtime';
import { createLlmWorkerApi } from '../app/runtime/llm/api';
import { TransformersLlm } from '../app/runtime/llm/transformers-llm';

Comlink.expose(createLlmWorkerApi(new TransformersLlm(browserRuntime)));
