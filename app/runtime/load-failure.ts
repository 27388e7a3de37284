// Why a model did not load, in words a user can act on. Pure: the caller probes the local model
// folder (probeLocalModel) and hands in what it found, so every branch is unit-tested.
import { LOCAL_MODEL_PATH, type ModelSource } from './model-source';

/** transformers.js weight file suffix per precision (its DEFAULT_DTYPE_SUFFIX_MAPPING). */
export const ONNX_SUFFIX: Record<NonNullable<ModelSource['dtype']>, string> = {
  fp32: '',
  fp16: '_fp16',
  q8: '_quantized',
  q4: '_q4',
  q4f16: '_q4f16',
};

/** The weight files a transformers.js model folder may hold, for the precisions the app offers. */
export function expectedOnnxFiles(): string[] {
  return Object.values(ONNX_SUFFIX).map((s) => `onnx/model${s}.onnx`);
}

/** What the local folder /models/<id>/ holds: config.json and each expected ONNX file. */
export interface LocalProbe {
  config: boolean;
  onnx: Record<string, boolean>;
}

export type LoadFailure =
  /** The hub could not be reached (no network, blocked, DNS). */
  | { kind: 'hub-unreachable'; detail: string }
  /** The local folder has a config but not the weights for this precision. */
  | { kind: 'missing-weights'; missing: string[]; present: string[] }
  /** Offline, and /models/<id>/ has no config.json: no such local model. */
  | { kind: 'no-local-model' }
  | { kind: 'other'; detail: string };

const NETWORK =
  /failed to fetch|fetch failed|networkerror|network error|err_internet|enotfound|eai_again|econnrefused|load failed|etimedout/i;

function detailOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Classifies a failed load. `wanted` is the precision transformers.js tried (its file name is in
 * the error when it says which file was missing).
 */
export function classifyLoadFailure(
  src: ModelSource,
  error: unknown,
  probe: LocalProbe | null,
  wanted?: string,
): LoadFailure {
  const detail = detailOf(error);
  if (probe?.config) {
    const present = Object.keys(probe.onnx).filter((f) => probe.onnx[f]);
    const named = /onnx\/[\w.-]+\.onnx/.exec(detail)?.[0];
    const want = wanted ? `onnx/model${ONNX_SUFFIX[wanted as keyof typeof ONNX_SUFFIX] ?? ''}.onnx` : named;
    const missing = [...new Set([named, want].filter((f): f is string => f !== undefined))].filter(
      (f) => !probe.onnx[f],
    );
    if (present.length === 0) return { kind: 'missing-weights', missing: expectedOnnxFiles(), present };
    if (missing.length > 0) return { kind: 'missing-weights', missing, present };
  }
  if (!src.offline && NETWORK.test(detail)) return { kind: 'hub-unreachable', detail };
  if (src.offline && probe && !probe.config) return { kind: 'no-local-model' };
  return { kind: 'other', detail };
}

/** The cause in one sentence and the ways out, for the message under the model fields. */
export function explainLoadFailure(
  src: ModelSource,
  f: LoadFailure,
  root = LOCAL_MODEL_PATH,
): { cause: string; remedies: string[] } {
  const folder = `${root}${src.modelId}/`;
  const server = 'or run the model on an OpenAI-compatible server (vLLM, llama.cpp, Ollama) instead';
  const local = `put a transformers.js model folder (config.json, tokenizer, onnx/) under models/${src.modelId}/ and tick offline`;
  switch (f.kind) {
    case 'hub-unreachable':
      return {
        cause: `the Hugging Face hub is unreachable (offline or blocked): ${f.detail}`,
        remedies: [local, server],
      };
    case 'missing-weights':
      return {
        cause:
          f.present.length === 0
            ? `${folder} holds config.json but no ONNX weights: missing ${f.missing.join(', ')}`
            : `${folder} holds config.json but not the weights for this precision: missing ${f.missing.join(', ')} (present: ${f.present.join(', ')}; pick that precision)`,
        remedies: [
          `add the missing file(s) to models/${src.modelId}/`,
          src.offline ? 'untick offline to download them from the hub' : 'check the hub id and precision',
          server,
        ],
      };
    case 'no-local-model':
      return {
        cause: `offline mode reads only ${folder}, and it has no config.json`,
        remedies: [local, 'untick offline to download it from the hub', server],
      };
    default:
      return {
        cause: f.detail,
        remedies: src.offline
          ? [local, server]
          : ['tick offline to use a local folder under models/', server],
      };
  }
}

/** The whole message: which model, why, and what to do (one remedy per line). */
export function loadFailureMessage(src: ModelSource, f: LoadFailure, root = LOCAL_MODEL_PATH): string {
  const { cause, remedies } = explainLoadFailure(src, f, root);
  return [
    `Could not load model "${src.modelId}": ${cause}.`,
    'Ways out:',
    ...remedies.map((r) => `• ${r}`),
  ].join('\n');
}

/** What /models/<id>/ holds, through `exists` (HEAD over HTTP in the browser, the file system in Node). */
export async function probeLocalModel(
  modelId: string,
  exists: (path: string) => Promise<boolean>,
): Promise<LocalProbe> {
  const config = await exists(`${modelId}/config.json`).catch(() => false);
  const files = expectedOnnxFiles();
  const found = await Promise.all(
    files.map((f) => (config ? exists(`${modelId}/${f}`).catch(() => false) : false)),
  );
  return { config, onnx: Object.fromEntries(files.map((f, i) => [f, found[i] ?? false])) };
}

/** `exists` over HTTP: a 2xx that is not the page's own HTML (a static host's fallback). */
export function httpExists(base = LOCAL_MODEL_PATH, fetchFn: typeof fetch = fetch) {
  return async (path: string): Promise<boolean> => {
    const url = `${base}${path.split('/').map(encodeURIComponent).join('/')}`;
    const res = await fetchFn(url, { method: 'HEAD', cache: 'no-store' });
    return res.ok && !(res.headers.get('content-type') ?? '').includes('text/html');
  };
}

/** Probes the local folder and writes the message; a probe that fails itself is left out. */
export async function describeLoadFailure(
  src: ModelSource,
  error: unknown,
  exists: (path: string) => Promise<boolean>,
  wanted?: string,
  root = LOCAL_MODEL_PATH,
): Promise<string> {
  const probe = await probeLocalModel(src.modelId, exists).catch(() => null);
  return loadFailureMessage(src, classifyLoadFailure(src, error, probe, wanted), root);
}
