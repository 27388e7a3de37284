// In-browser retrieval on the page's side, over the search worker (corpora, indexes, cache;
// ./search/client.ts) and the embedding worker (./embed/client.ts): dense builds stream passage
// batches from the search worker through the embedder and back, with progress and cancel.
import * as Comlink from 'comlink';
import { AbortError } from '../core/abort';
import type { FusionOptions } from '../core/search/fusion';
import type { Retriever, SearchHit } from '../core/search/types';
import {
  PRECOMPUTED_DTYPE,
  originOf,
  precomputedSettings,
  queryEmbedderMismatch,
} from '../core/vectors/align';
import { embedHost } from './embed/client';
import type { EmbedderInfo } from './embed/embedder';
import type { LoadProgress, ModelSource } from './model-source';
import type { SearchWorkerApi } from './search/api';
import { searchWorker } from './search/client';
import type { DenseSettings, DenseStatus, SearchMode } from './search/search-service';

export function denseSettingsFor(src: ModelSource, info: EmbedderInfo): DenseSettings {
  const s: DenseSettings = { modelId: src.modelId, dtype: info.dtype };
  if (src.passagePrefix) s.passagePrefix = src.passagePrefix;
  if (src.queryPrefix) s.queryPrefix = src.queryPrefix;
  return s;
}

export interface DenseResult {
  status: DenseStatus;
  settings: DenseSettings;
  info: EmbedderInfo;
  /** 'none': cacheOnly found no cached vectors; 'precomputed': vectors loaded from a file. */
  source: 'cache' | 'built' | 'none' | 'precomputed';
  ms: number;
  /** Why cached vectors were not used (corrupt or stale). */
  why?: string;
}

export interface DenseBuildProgress {
  done: number;
  total: number;
  /** Passages per second so far (in this session: resumed passages are not counted). */
  rate: number;
  etaS: number;
  /** Passages a paused or interrupted earlier build had already embedded. */
  resumedFrom?: number;
}

/**
 * Makes the dense index of a corpus available: cached vectors when valid, else every passage is
 * embedded (batches of `chunk`), stored in the search worker and cached in IndexedDB.
 */
export async function ensureDenseIndex(
  corpusId: string,
  src: ModelSource,
  options: {
    signal?: AbortSignal;
    onLoad?: (p: LoadProgress) => void;
    onProgress?: (p: DenseBuildProgress) => void;
    chunk?: number;
    batchSize?: number;
    /** Only restore cached vectors; never embed the corpus. */
    cacheOnly?: boolean;
    /** Embed again even when cached vectors exist (they are replaced). */
    force?: boolean;
  } = {},
): Promise<DenseResult> {
  const info = await embedHost.ensure(src, options.onLoad);
  const settings = denseSettingsFor(src, info);
  const sw = searchWorker();
  // Vectors loaded from a file for this model come first: nothing is embedded (Rebuild does).
  if (!options.force) {
    const pre = await precomputedIndex(corpusId, info);
    if (pre) return pre;
  }
  const cached: DenseStatus = options.force
    ? { status: 'miss', count: (await sw.info(corpusId)).passages }
    : await sw.loadDense(corpusId, settings, info.dims);
  if (cached.status === 'hit') return { status: cached, settings, info, source: 'cache', ms: cached.ms };
  if (options.cacheOnly) return { status: cached, settings, info, source: 'none', ms: 0 };
  const total = cached.count;
  const jobId = `dense-${Date.now()}`;
  const chunk = options.chunk ?? 64;
  const t0 = performance.now();
  const onAbort = () => embedHost.cancel(jobId);
  options.signal?.addEventListener('abort', onAbort);
  try {
    // Resumes after the passages a paused or interrupted build stored (a rebuild starts afresh).
    const resumedFrom = await sw.beginDense(corpusId, settings, info.dims, options.force ?? false);
    if (resumedFrom > 0)
      options.onProgress?.({ done: resumedFrom, total, rate: 0, etaS: Number.NaN, resumedFrom });
    for (let from = resumedFrom; from < total; from += chunk) {
      if (options.signal?.aborted) throw abortError();
      const to = Math.min(total, from + chunk);
      const texts = await sw.passageTexts(corpusId, settings, from, to);
      const vectors = await embedHost.embed(texts, 'passages', {
        jobId,
        expect: { modelId: src.modelId, dtype: info.dtype },
        ...(options.batchSize ? { batchSize: options.batchSize } : {}),
      });
      await sw.appendDense(corpusId, settings, from, Comlink.transfer(vectors, [vectors.buffer]));
      const s = (performance.now() - t0) / 1000;
      const rate = (to - resumedFrom) / Math.max(s, 1e-3);
      options.onProgress?.({
        done: to,
        total,
        rate,
        etaS: (total - to) / Math.max(rate, 1e-9),
        resumedFrom,
      });
    }
    const ms = performance.now() - t0;
    const status = await sw.commitDense(corpusId, settings, {
      model: src.modelId,
      dtype: info.dtype,
      device: info.device,
      threads: info.threads,
      embedMs: Math.round(ms),
      passagesPerS: Math.round(((total - resumedFrom) / Math.max(ms, 1)) * 1000 * 10) / 10,
      ...(resumedFrom > 0 ? { resumedFrom } : {}),
    });
    const out = { status, settings, info, source: 'built' as const, ms };
    return cached.status === 'miss' && cached.why ? { ...out, why: cached.why } : out;
  } catch (e) {
    // The chunks stored so far stay: the next build of these settings resumes from them.
    await sw.abortDense(corpusId, settings);
    if (options.signal?.aborted) throw abortError();
    throw e;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** The corpus's precomputed vectors for the loaded model, refused when their width differs. */
export async function precomputedIndex(corpusId: string, info: EmbedderInfo): Promise<DenseResult | null> {
  const settings = precomputedSettings(info.modelId);
  const status = await searchWorker().loadDense(corpusId, settings);
  if (status.status !== 'hit') return null;
  const why = queryEmbedderMismatch(originOf(info.modelId, status.dims, status.info), info);
  if (why) throw new Error(why);
  return { status, settings, info, source: 'precomputed', ms: status.ms };
}

function abortError(): Error {
  return new AbortError();
}

/**
 * Embeds queries, in one call, with the model the index was built with (adding its query
 * prefix). With the model's full source, a different loaded model is swapped for it first.
 */
export async function embedQueries(
  queries: string[],
  settings: DenseSettings,
  source?: ModelSource,
): Promise<Float32Array[]> {
  const loaded = embedHost.source;
  const precomputed = settings.dtype === PRECOMPUTED_DTYPE;
  if (precomputed && source && source.modelId !== settings.modelId)
    throw new Error(
      queryEmbedderMismatch(originOf(settings.modelId, 0), { modelId: source.modelId }) ?? 'model mismatch',
    );
  if (
    source &&
    (!loaded ||
      loaded.modelId !== settings.modelId ||
      (!precomputed && embedHost.loaded?.dtype !== settings.dtype))
  )
    await embedHost.ensure(source);
  const flat = await embedHost.embed(
    queries.map((q) => `${settings.queryPrefix ?? ''}${q}`),
    'queries',
    {
      expect: precomputed
        ? { modelId: settings.modelId }
        : { modelId: settings.modelId, dtype: settings.dtype },
    },
  );
  const dims = flat.length / Math.max(1, queries.length);
  // Copies, not views: each vector travels to the search worker on its own.
  return queries.map((_, i) => flat.slice(i * dims, (i + 1) * dims));
}

export async function embedQuery(
  query: string,
  settings: DenseSettings,
  source?: ModelSource,
): Promise<Float32Array> {
  return (await embedQueries([query], settings, source))[0]!;
}

/**
 * The Retriever port over a stored corpus (for agents): BM25, dense or hybrid. Dense modes need
 * the embedding model loaded with `settings`.
 */
export function corpusRetriever(
  corpusId: string,
  mode: SearchMode,
  options: { settings?: DenseSettings; source?: ModelSource; fusion?: FusionOptions; int8?: boolean } = {},
): Retriever {
  return {
    async search(queries: string[], k: number): Promise<SearchHit[][]> {
      const extra: Parameters<SearchWorkerApi['searchMany']>[4] = {};
      if (options.fusion) extra.fusion = options.fusion;
      if (options.int8) extra.int8 = options.int8;
      if (mode !== 'bm25') {
        if (!options.settings) throw new Error('dense retrieval needs an embedding model');
        extra.dense = options.settings;
        extra.vectors = await embedQueries(queries, options.settings, options.source);
      }
      return searchWorker().searchMany(corpusId, queries, k, mode, extra);
    },
  };
}
