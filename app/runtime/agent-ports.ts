// The ports a live run needs, made from what the user chose: an Llm (transformers.js in a worker,
// or an OpenAI-compatible server), a Retriever (a stored corpus's index, or a remote retriever)
// and an Embedder (for rewards). One in-browser model is kept loaded at a time.
import { OpenAiLlm } from '../core/llm/openai';
import type { Embedder, Llm } from '../core/llm/types';
import type { FusionOptions } from '../core/search/fusion';
import { type RemoteApi, RemoteRetriever } from '../core/search/remote';
import type { Retriever, SearchHit } from '../core/search/types';
import { LlmClient } from './llm/client';
import type { LlmInfo } from './llm/transformers-llm';
import { type LoadProgress, type ModelSource, sameModelSource } from './model-source';
import { embedHost } from './embed/client';
import { corpusRetriever, ensureDenseIndex } from './retrieval-client';
import { searchWorker } from './search/client';
import { ServerLlm, ServerRetriever, serverWorker } from './server/client';
import type { SearchMode } from './search/search-service';

/** Default generator for real users: a small instruct model from the hub (q4f16 on WebGPU). */
export const DEFAULT_LLM = 'onnx-community/Qwen2.5-0.5B-Instruct';

export type LlmConfig =
  | { kind: 'browser'; source: ModelSource }
  | {
      kind: 'http';
      baseUrl: string;
      model: string;
      endpoint: 'chat' | 'completions';
      /** How chat prompts become text on the completions endpoint (the server applies none). */
      chatTemplate?: 'chatml' | 'llama3' | 'plain';
      /** Largest answer read per turn, in MB (default 16); past it the turn fails, saying so. */
      maxResponseMB?: number;
    };

export type RetrieverConfig =
  | { kind: 'local'; corpusId: string; mode: SearchMode; fusion?: FusionOptions; int8?: boolean }
  | {
      kind: 'remote';
      url: string;
      api: RemoteApi;
      timeoutMs: number;
      retries: number;
      /** Largest answer read, in MB (default 16). */
      maxResponseMB?: number;
    };

const MB = 1024 * 1024;

/** The in-browser LLM: one worker, reloaded when the model, device or precision changes. */
class LlmHost {
  readonly client = new LlmClient();
  private source: ModelSource | null = null;
  private loading: Promise<LlmInfo> | null = null;
  private listeners = new Set<() => void>();
  info: LlmInfo | null = null;
  error: string | null = null;
  progress: Record<string, LoadProgress> = {};

  subscribe(cb: () => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  private changed(): void {
    for (const cb of this.listeners) cb();
  }

  get busy(): boolean {
    return this.loading !== null && this.info === null && this.error === null;
  }

  ensure(src: ModelSource): Promise<LlmInfo> {
    if (this.loading && this.source && sameModelSource(this.source, src) && !this.error) return this.loading;
    if (this.source && !sameModelSource(this.source, src)) this.client.dispose();
    this.source = src;
    this.info = null;
    this.error = null;
    this.progress = {};
    this.changed();
    const loading = this.client
      .load(src, (p) => {
        this.progress = { ...this.progress, [p.file]: p };
        this.changed();
      })
      .then(
        (info) => {
          if (this.loading === loading) {
            this.info = info;
            this.changed();
          }
          return info;
        },
        (e: unknown) => {
          if (this.loading === loading) {
            this.error = e instanceof Error ? e.message : String(e);
            this.client.dispose();
            this.changed();
          }
          throw e;
        },
      );
    this.loading = loading;
    return loading;
  }
}

export const llmHost = new LlmHost();

/** The Llm for a run; `apiKey` stays in memory (the adapter never serializes it). */
export async function makeLlm(cfg: LlmConfig, apiKey?: string): Promise<Llm> {
  if (cfg.kind === 'browser') {
    await llmHost.ensure(cfg.source);
    return llmHost.client;
  }
  if (!cfg.model.trim()) throw new Error('Set the model name the server serves');
  return serverLlm(cfg, apiKey);
}

type HttpLlmConfig = Extract<LlmConfig, { kind: 'http' }>;

/** The one client of an OpenAI-compatible server: runs and "Test connection" read alike (caps too). */
function serverLlm(cfg: HttpLlmConfig, apiKey?: string): OpenAiLlm | ServerLlm {
  if (!cfg.baseUrl.trim()) throw new Error('Set the server URL (e.g. http://127.0.0.1:8000/v1)');
  const opts = {
    baseUrl: cfg.baseUrl,
    model: cfg.model,
    endpoint: cfg.endpoint,
    ...(cfg.chatTemplate ? { chatTemplate: cfg.chatTemplate } : {}),
    ...(cfg.maxResponseMB ? { maxResponseBytes: cfg.maxResponseMB * MB } : {}),
    ...(apiKey ? { apiKey } : {}),
  };
  const worker = serverWorker();
  return worker ? new ServerLlm(opts, worker) : new OpenAiLlm(opts);
}

/**
 * The models a server lists (its /models), to check the URL and key before a run and to learn
 * the model names: so no model name is needed yet (GET /models names none).
 */
export function listServerModels(cfg: HttpLlmConfig, apiKey?: string): Promise<string[]> {
  return Promise.resolve().then(() =>
    serverLlm({ ...cfg, model: cfg.model.trim() || 'any' }, apiKey).listModels(),
  );
}

/** One query to a remote retriever, built exactly as a run builds it (timeouts, retries, cap). */
export async function searchRemote(
  cfg: Extract<RetrieverConfig, { kind: 'remote' }>,
  query: string,
  k: number,
): Promise<SearchHit[]> {
  const [hits] = await remoteRetriever(cfg).search([query], k);
  return hits ?? [];
}

function remoteRetriever(cfg: Extract<RetrieverConfig, { kind: 'remote' }>): Retriever {
  const opts = {
    url: cfg.url,
    api: cfg.api,
    timeoutMs: cfg.timeoutMs,
    retries: cfg.retries,
    ...(cfg.maxResponseMB ? { maxResponseBytes: cfg.maxResponseMB * MB } : {}),
  };
  const worker = serverWorker();
  return worker ? new ServerRetriever(opts, worker) : new RemoteRetriever(opts);
}

/** The Retriever for a run. Dense modes need the corpus's vectors built and the embedder loaded. */
export async function makeRetriever(cfg: RetrieverConfig, embed: ModelSource): Promise<Retriever> {
  if (cfg.kind === 'remote') return remoteRetriever(cfg);
  await searchWorker().ensureBm25(cfg.corpusId);
  if (cfg.mode === 'bm25') return corpusRetriever(cfg.corpusId, 'bm25');
  const dense = await ensureDenseIndex(cfg.corpusId, embed, { cacheOnly: true });
  if (dense.source === 'none')
    throw new Error(
      `no dense index of this corpus for ${embed.modelId}: build it on the Corpus page, or use BM25`,
    );
  return corpusRetriever(cfg.corpusId, cfg.mode, {
    settings: dense.settings,
    source: embed,
    ...(cfg.fusion ? { fusion: cfg.fusion } : {}),
    ...(cfg.int8 ? { int8: true } : {}),
  });
}

/** The Embedder port over the loaded embedding model, or null when none is loaded. */
export function loadedEmbedder(): Embedder | null {
  const info = embedHost.loaded;
  const src = embedHost.source;
  if (!info || !src) return null;
  return {
    model: info.modelId,
    async embed(texts: string[]): Promise<Float32Array[]> {
      const flat = await embedHost.embed(texts, 'queries');
      return texts.map((_, i) => flat.subarray(i * info.dims, (i + 1) * info.dims));
    },
  };
}
