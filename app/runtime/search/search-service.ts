// The in-browser index behind the Retriever port, as it runs inside the search worker (and in Node
// tests): corpora come from IndexedDB, BM25 indexes are built or restored from their cached
// snapshot, dense vectors arrive from the embedding worker in batches and are cached too. No DOM.
//
// Cache keys: corpus content hash + kind + settings (BM25: format + analysis; dense: model, dtype,
// pooling, text prefix), so any change misses the cache instead of serving stale results.
import { AbortError } from '../../core/abort';
import {
  Bm25Index,
  bm25SettingsKey,
  decodeBm25Snapshot,
  encodeBm25Snapshot,
  StaleIndexError,
} from '../../core/search/bm25';
import { FloatVectorIndex, Int8VectorIndex } from '../../core/search/dense';
import { fuse, type FusionOptions } from '../../core/search/fusion';
import type { Passage, SearchHit } from '../../core/search/types';
import {
  deleteDenseChunks,
  dropStaleIndexes,
  getCorpus,
  getIndex,
  getPassages,
  putDenseChunk,
  putIndex,
  readDenseChunks,
} from '../../db/corpus-store';
import type { CorpusRecord } from '../../db/db';

/** What a dense index is built from; every field is part of its cache key. */
export interface DenseSettings {
  modelId: string;
  dtype: string;
  /** Text put before each passage / query (e.g. "passage: " / "query: " for E5 models). */
  passagePrefix?: string;
  queryPrefix?: string;
}

export function denseSettingsKey(s: DenseSettings): string {
  return `${s.modelId};${s.dtype};mean-norm;${JSON.stringify(s.passagePrefix ?? '')}`;
}

/** The text a passage is embedded as. */
export function passageEmbedText(p: Passage, prefix = ''): string {
  return `${prefix}${p.title ? `${p.title}\n` : ''}${p.text}`;
}

export interface IndexProgress {
  done: number;
  total: number;
}

export interface Bm25Info {
  source: 'cache' | 'built';
  ms: number;
  passages: number;
  vocabulary: number;
  avgLength: number;
  /** Bytes of the stored snapshot. */
  bytes: number;
  /** Why a cached index was not used, when it was rebuilt. */
  rebuilt?: string;
  settings: string;
}

export type DenseStatus =
  | {
      status: 'hit';
      count: number;
      dims: number;
      ms: number;
      info?: Record<string, string | number | boolean>;
    }
  | { status: 'miss'; count: number; why?: string };

export type SearchMode = 'bm25' | 'dense' | 'hybrid';

export interface SearchRequest {
  query: string;
  k: number;
  modes: SearchMode[];
  /** The embedded query, for dense and hybrid. */
  vector?: Float32Array;
  dense?: DenseSettings;
  /** Search the int8-quantized copy of the vectors. */
  int8?: boolean;
  fusion?: FusionOptions;
  /** How deep each component list goes before fusion (default 50). */
  depth?: number;
}

export interface ModeResult {
  hits: SearchHit[];
  ms: number;
}

export type SearchResponse = Partial<Record<SearchMode, ModeResult>>;

interface DenseState {
  float: FloatVectorIndex;
  int8?: Int8VectorIndex;
}

interface Building {
  vectors: Float32Array;
  dims: number;
  filled: number;
}

interface Loaded {
  corpus: CorpusRecord;
  passages: Passage[];
  bm25?: Bm25Index;
  /** How the BM25 index in memory came to be (returned again by ensureBm25). */
  bm25Info?: Bm25Info;
  dense: Map<string, DenseState>;
  building: Map<string, Building>;
}

const now = () => performance.now();

export class SearchService {
  private readonly loaded = new Map<string, Loaded>();
  private readonly jobs = new Map<string, AbortController>();
  /**
   * Corpora kept in memory at once (each holds its passages and indexes). An evicted corpus is
   * reopened on its next use and its indexes restored from the cache; one with a dense build in
   * progress is never evicted.
   */
  constructor(private readonly keep = 3) {}

  private async open(corpusId: string): Promise<Loaded> {
    let l = this.loaded.get(corpusId);
    if (l) {
      // most recently used last
      this.loaded.delete(corpusId);
      this.loaded.set(corpusId, l);
      return l;
    }
    const corpus = await getCorpus(corpusId);
    const passages = corpus ? await getPassages(corpusId) : undefined;
    if (!corpus || !passages)
      throw new Error(`corpus ${corpusId} is not stored in this browser (was it deleted?)`);
    l = { corpus, passages, dense: new Map(), building: new Map() };
    this.loaded.set(corpusId, l);
    for (const [id, other] of this.loaded) {
      if (this.loaded.size <= this.keep) break;
      if (id !== corpusId && other.building.size === 0) this.loaded.delete(id);
    }
    return l;
  }

  async info(corpusId: string): Promise<{ passages: number; name: string }> {
    const l = await this.open(corpusId);
    return { passages: l.passages.length, name: l.corpus.name };
  }

  cancel(jobId: string): void {
    this.jobs.get(jobId)?.abort();
  }

  /** Restores the BM25 index from its cached snapshot, or builds (and caches) it. */
  async ensureBm25(
    corpusId: string,
    options: { jobId?: string; onProgress?: (p: IndexProgress) => void } = {},
  ): Promise<Bm25Info> {
    const l = await this.open(corpusId);
    if (l.bm25 && l.bm25Info) return { ...l.bm25Info, source: 'cache', ms: 0 };
    const settings = bm25SettingsKey();
    const passages = l.passages;
    const t0 = now();
    let rebuilt: string | undefined;
    const cached = await getIndex(corpusId, 'bm25', settings, { count: passages.length });
    if (cached.status === 'hit') {
      try {
        const index = Bm25Index.fromSnapshot(decodeBm25Snapshot(cached.data), {}, passages);
        if (index.size !== passages.length) throw new Error('passage count differs from the corpus');
        l.bm25 = index;
        l.bm25Info = {
          source: 'cache',
          ms: now() - t0,
          passages: index.size,
          vocabulary: index.vocabularySize,
          avgLength: index.avgDocLength,
          bytes: cached.data.byteLength,
          settings,
        };
        return l.bm25Info;
      } catch (e) {
        rebuilt =
          e instanceof StaleIndexError
            ? `cached index is stale: ${e.message}`
            : `cached index is corrupt: ${(e as Error).message}`;
      }
    } else if (cached.status === 'corrupt') rebuilt = cached.why;

    const ac = new AbortController();
    if (options.jobId) this.jobs.set(options.jobId, ac);
    try {
      const index = new Bm25Index();
      await index.addAsync(passages, {
        batchSize: 2000,
        signal: ac.signal,
        onProgress: (done, total) => options.onProgress?.({ done, total }),
      });
      if (ac.signal.aborted) throw abortError();
      index.commit();
      // Lean: the passages are stored with the corpus, so the snapshot leaves their text out.
      const data = encodeBm25Snapshot(index.toSnapshot({ withText: false }));
      await putIndex({ corpusId, kind: 'bm25', settings, count: index.size, data });
      await dropStaleIndexes(corpusId, 'bm25', settings);
      l.bm25 = index;
      const out: Bm25Info = {
        source: 'built',
        ms: now() - t0,
        passages: index.size,
        vocabulary: index.vocabularySize,
        avgLength: index.avgDocLength,
        bytes: data.byteLength,
        settings,
      };
      if (rebuilt) out.rebuilt = rebuilt;
      l.bm25Info = out;
      return out;
    } finally {
      if (options.jobId) this.jobs.delete(options.jobId);
    }
  }

  /** Loads cached vectors for these settings when there are valid ones. */
  async loadDense(corpusId: string, s: DenseSettings, dims?: number): Promise<DenseStatus> {
    const l = await this.open(corpusId);
    const key = denseSettingsKey(s);
    const count = l.passages.length;
    const have = l.dense.get(key);
    if (have && (dims === undefined || have.float.dim === dims))
      return { status: 'hit', count, dims: have.float.dim, ms: 0 };
    const t0 = now();
    // The model's width is checked too: a model replaced under the same id gives other vectors.
    const cached = await getIndex(corpusId, 'dense', key, dims === undefined ? { count } : { count, dims });
    if (cached.status !== 'hit')
      return cached.status === 'corrupt'
        ? { status: 'miss', count, why: cached.why }
        : { status: 'miss', count };
    const width = cached.record.dims ?? 0;
    const float = new FloatVectorIndex(width, new Float32Array(cached.data));
    l.dense.set(key, { float });
    const out: DenseStatus = { status: 'hit', count, dims: width, ms: now() - t0 };
    if (cached.record.info) out.info = cached.record.info;
    return out;
  }

  /** The texts to embed for passages [from, to). */
  async passageTexts(corpusId: string, s: DenseSettings, from: number, to: number): Promise<string[]> {
    const l = await this.open(corpusId);
    return l.passages.slice(from, to).map((p) => passageEmbedText(p, s.passagePrefix));
  }

  /**
   * Starts receiving vectors for a dense index. Vectors a paused or interrupted build of the same
   * settings stored are taken back (unless `fresh`); returns how many passages they cover, where
   * embedding resumes.
   */
  async beginDense(corpusId: string, s: DenseSettings, dims: number, fresh = false): Promise<number> {
    const l = await this.open(corpusId);
    if (!Number.isInteger(dims) || dims <= 0) throw new Error(`bad vector width ${dims}`);
    const key = denseSettingsKey(s);
    if (fresh) await deleteDenseChunks(corpusId, key);
    const { done, vectors } = await readDenseChunks(corpusId, key, dims, l.passages.length);
    l.building.set(key, { vectors, dims, filled: done });
    return done;
  }

  /** Stores vectors for passages [from, from + n), in memory and, chunk by chunk, in IndexedDB. */
  async appendDense(corpusId: string, s: DenseSettings, from: number, vectors: Float32Array): Promise<void> {
    const l = await this.open(corpusId);
    const key = denseSettingsKey(s);
    const b = l.building.get(key);
    if (!b) throw new Error('no dense build in progress for these settings');
    if (vectors.length % b.dims !== 0) throw new Error(`vectors are not a multiple of ${b.dims} wide`);
    b.vectors.set(vectors, from * b.dims);
    b.filled = Math.max(b.filled, from + vectors.length / b.dims);
    await putDenseChunk(corpusId, key, from, vectors, b.dims, l.passages.length);
  }

  /** Finishes a dense build: the index becomes searchable and is cached. */
  async commitDense(
    corpusId: string,
    s: DenseSettings,
    info: Record<string, string | number | boolean> = {},
  ): Promise<DenseStatus> {
    const l = await this.open(corpusId);
    const key = denseSettingsKey(s);
    const b = l.building.get(key);
    const count = l.passages.length;
    if (!b) throw new Error('no dense build in progress for these settings');
    if (b.filled !== count) throw new Error(`only ${b.filled} of ${count} passages were embedded`);
    l.building.delete(key);
    const float = new FloatVectorIndex(b.dims, b.vectors);
    l.dense.set(key, { float });
    // a copy: the index keeps its own rows, IndexedDB gets a plain buffer
    const data = b.vectors.slice().buffer;
    await putIndex({ corpusId, kind: 'dense', settings: key, count, dims: b.dims, data, info });
    await deleteDenseChunks(corpusId, key);
    return { status: 'hit', count, dims: b.dims, ms: 0, info };
  }

  /**
   * Stops receiving vectors. The chunks already stored stay, so the build resumes where it
   * stopped (pause); `discard` forgets them too.
   */
  async abortDense(corpusId: string, s: DenseSettings, discard = false): Promise<void> {
    const key = denseSettingsKey(s);
    this.loaded.get(corpusId)?.building.delete(key);
    if (discard) await deleteDenseChunks(corpusId, key);
  }

  /** Forgets a paused build by its settings key (as listed in the corpus's index records). */
  async discardPartialDense(corpusId: string, settingsKey: string): Promise<void> {
    await deleteDenseChunks(corpusId, settingsKey);
  }

  private async denseHits(
    corpusId: string,
    l: Loaded,
    s: DenseSettings,
    vector: Float32Array,
    k: number,
    int8: boolean,
  ): Promise<SearchHit[]> {
    let state = l.dense.get(denseSettingsKey(s));
    if (!state) {
      // Evicted since it was built or loaded: restore it from the cache.
      const st = await this.loadDense(corpusId, s, vector.length);
      state = l.dense.get(denseSettingsKey(s));
      if (st.status !== 'hit' || !state)
        throw new Error(`no dense index for ${s.modelId} on this corpus: build it on the Corpus page first`);
    }
    if (vector.length !== state.float.dim)
      throw new Error(
        `the query has ${vector.length} dims, the index ${state.float.dim}: embed it with ${s.modelId}`,
      );
    let index: FloatVectorIndex | Int8VectorIndex = state.float;
    if (int8) index = state.int8 ??= Int8VectorIndex.fromFloat(state.float);
    return index.search(vector, k).map((h, i) => {
      const p = l.passages[h.index]!;
      return { id: p.id, title: p.title, text: p.text, rank: i + 1, score: h.score };
    });
  }

  async search(corpusId: string, req: SearchRequest): Promise<SearchResponse> {
    const l = await this.open(corpusId);
    const out: SearchResponse = {};
    const depth = Math.max(req.k, req.depth ?? 50);
    const needBm25 = req.modes.includes('bm25') || req.modes.includes('hybrid');
    const needDense = req.modes.includes('dense') || req.modes.includes('hybrid');
    let bm25Deep: SearchHit[] = [];
    let denseDeep: SearchHit[] = [];
    let bm25Ms = 0;
    let denseMs = 0;
    if (needBm25) {
      // Evicted since it was built, or never opened in this worker: restore (or build) it.
      if (!l.bm25) await this.ensureBm25(corpusId);
      const t0 = now();
      bm25Deep = l.bm25!.search(req.query, depth);
      bm25Ms = now() - t0;
      if (req.modes.includes('bm25')) out.bm25 = { hits: bm25Deep.slice(0, req.k), ms: bm25Ms };
    }
    if (needDense) {
      if (!req.vector || !req.dense)
        throw new Error('dense search needs the query vector and the model settings');
      const t0 = now();
      denseDeep = await this.denseHits(corpusId, l, req.dense, req.vector, depth, req.int8 ?? false);
      denseMs = now() - t0;
      if (req.modes.includes('dense')) out.dense = { hits: denseDeep.slice(0, req.k), ms: denseMs };
    }
    if (req.modes.includes('hybrid')) {
      const t0 = now();
      const hits = fuse(bm25Deep, denseDeep, { ...(req.fusion ?? { mode: 'rrf' }), limit: req.k });
      out.hybrid = { hits, ms: bm25Ms + denseMs + (now() - t0) };
    }
    return out;
  }

  /** The Retriever port: one mode, several queries (vectors in the same order, for dense/hybrid). */
  async searchMany(
    corpusId: string,
    queries: string[],
    k: number,
    mode: SearchMode,
    extra: Omit<SearchRequest, 'query' | 'k' | 'modes' | 'vector'> & { vectors?: Float32Array[] } = {},
  ): Promise<SearchHit[][]> {
    const { vectors, ...rest } = extra;
    const out: SearchHit[][] = [];
    for (const [i, query] of queries.entries()) {
      const req: SearchRequest = { ...rest, query, k, modes: [mode] };
      const v = vectors?.[i];
      if (v) req.vector = v;
      out.push((await this.search(corpusId, req))[mode]?.hits ?? []);
    }
    return out;
  }
}

function abortError(): Error {
  return new AbortError('indexing cancelled');
}
