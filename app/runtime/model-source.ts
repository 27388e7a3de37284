// Where model files come from. Real users get the Hugging Face hub by default; "offline" reads
// only the app's own /models/ folder (git-ignored `models/`, or HOPSCOPE_MODELS_DIR) with remote
// loading off — the mode every test here runs in.
export interface ModelSource {
  /** A hub id (`Xenova/all-MiniLM-L6-v2`) or a sub-path of /models/. */
  modelId: string;
  /** Only /models/, never the hub. */
  offline: boolean;
  /** 'auto' = WebGPU when a real (non-fallback) adapter exists, else WASM. */
  device: 'auto' | 'webgpu' | 'wasm';
  /** Weight precision; undefined lets the model's config decide. */
  dtype?: 'fp32' | 'fp16' | 'q8' | 'q4' | 'q4f16';
  /** Embedding models only: text put before each passage / query (E5: "passage: " / "query: "). */
  passagePrefix?: string;
  queryPrefix?: string;
}

export const LOCAL_MODEL_PATH = '/models/';

/** Whether two sources load the same weights the same way (a worker can be reused). */
export function sameModelSource(a: ModelSource, b: ModelSource): boolean {
  return a.modelId === b.modelId && a.offline === b.offline && a.device === b.device && a.dtype === b.dtype;
}

/** Progress of a model download/load, in bytes over all files seen so far. */
export interface LoadProgress {
  file: string;
  loaded: number;
  total: number;
}
