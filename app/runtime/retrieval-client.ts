// The page's side of in-browser retrieval: the search worker (corpora, indexes, cache) and the
// embedding worker (one model at a time; a new model, device or precision means a fresh worker,
// since ORT fixes its WASM threads at the first session). Dense builds stream passage batches
// from the search worker through the embedder and back, with progress and cancel.
import { AbortError } from '../core/abort';
import * as Comlink from 'comlink';
import type { EmbedWorkerApi } from '../../workers/embed.worker';
import type { SearchWorkerApi } from '../../workers/search.worker';
import type { FusionOptions } from '../core/search/fusion';
import type { Retriever, SearchHit } from '../core/search/types';
import {
  PRECOMPUTED_DTYPE,
  originOf,
  precomputedSettings,
  queryEmbedderMismatch,
} from '../core/vectors/align';
import type { EmbedderInfo } from './embedder';
import { type LoadProgress, type ModelSource, sameModelSource } from './model-source';
import type { DenseSettings, DenseStatus, SearchMode } from './search-service';

let search: Comlink.Remote<SearchWorkerApi> | null = null;

export function searchWorker(): Comlink.Remote<SearchWorkerApi> {
  if (!search) {
    const w = new Worker(new URL('../../workers/search.worker.ts', import.meta.url), {
      type: 'module',
      name: 'hopscope-search',
    });
    search = Comlink.wrap<SearchWorkerApi>(w);
  }
  return search;
}

/** Embedding calls made in this page since it loaded, by what was embedded. */
export interface EmbedCounts {
  passages: number;
  queries: number;
  batches: number;
}

/** One loaded model: its worker and the calls waiting on it. */
interface Session {
  worker: Worker;
  remote: Comlink.Remote<EmbedWorkerApi>;
  src: ModelSource;
  loading: Promise<EmbedderInfo>;
  info: EmbedderInfo | null;
  /** Rejecters of calls in flight: a terminated worker never answers them. */
  pending: Set<(e: Error) => void>;
}

export class EmbedHost {
  private session: Session | null = null;
  readonly counts: EmbedCounts = { passages: 0, queries: 0, batches: 0 };
  private listeners = new Set<() => void>();

  /** The loaded model, or null. */
  get loaded(): EmbedderInfo | null {
    return this.session?.info ?? null;
  }

  get source(): ModelSource | null {
    return this.session?.src ?? null;
  }

  subscribe(cb: () => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  private changed(): void {
    for (const cb of this.listeners) cb();
  }

  /** Loads the model in a worker, reusing the current one when nothing changed. */
  ensure(src: ModelSource, onProgress?: (p: LoadProgress) => void): Promise<EmbedderInfo> {
    if (this.session && sameModelSource(this.session.src, src)) return this.session.loading;
    this.dispose();
    const worker = new Worker(new URL('../../workers/embed.worker.ts', import.meta.url), {
      type: 'module',
      name: 'hopscope-embed',
    });
    const remote = Comlink.wrap<EmbedWorkerApi>(worker);
    const session: Session = { worker, remote, src, info: null, pending: new Set(), loading: null! };
    session.loading = this.track(
      session,
      remote.load(src, onProgress ? Comlink.proxy(onProgress) : undefined),
    ).then(
      (info) => {
        session.info = info;
        if (this.session === session) this.changed();
        return info;
      },
      (e: unknown) => {
        // A failed load leaves nothing behind, so the next attempt starts clean.
        if (this.session === session) this.dispose();
        throw e;
      },
    );
    this.session = session;
    this.changed();
    return session.loading;
  }

  /** A call on a session's worker that rejects if the session is disposed before it answers. */
  private track<T>(session: Session, call: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const fail = (e: Error) => reject(e);
      session.pending.add(fail);
      call.then(resolve, reject).finally(() => session.pending.delete(fail));
    });
  }

  /**
   * Embeds texts (n × dims floats, row-major) with the loaded model. With `expect`, the call
   * fails unless that model (id and precision) is the one loaded, so vectors of one model are
   * never searched with another's.
   */
  async embed(
    texts: string[],
    what: 'passages' | 'queries',
    options: { jobId?: string; batchSize?: number; expect?: { modelId: string; dtype?: string } } = {},
  ): Promise<Float32Array> {
    const session = this.session;
    if (!session) throw new Error('no embedding model is loaded');
    const info = await session.loading;
    const want = options.expect;
    // No dtype: precomputed vectors, which any precision of their model may query.
    if (want && (session.src.modelId !== want.modelId || (want.dtype && info.dtype !== want.dtype)))
      throw new Error(
        `the loaded embedding model is ${session.src.modelId} (${info.dtype}), this index needs ${want.modelId} (${want.dtype ?? 'any precision'})`,
      );
    const v = await this.track(
      session,
      session.remote.embed(options.jobId ?? 'q', texts, options.batchSize ?? 32),
    );
    this.counts[what] += texts.length;
    this.counts.batches += 1;
    this.changed();
    return v;
  }

  cancel(jobId: string): void {
    void this.session?.remote.cancel(jobId);
  }

  dispose(): void {
    const s = this.session;
    if (!s) return;
    this.session = null;
    const e = new Error(`the embedding model ${s.src.modelId} was unloaded (another model was loaded)`);
    for (const fail of s.pending) fail(e);
    s.remote[Comlink.releaseProxy]();
    s.worker.terminate();
    this.changed();
  }
}

export const embedHost = new EmbedHost();
// Visible to tests and to anyone curious in the console: proves a reload did not re-embed.
(globalThis as { hopscopeEmbedCounts?: EmbedCounts }).hopscopeEmbedCounts = embedHost.counts;

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
