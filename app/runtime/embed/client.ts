// The page's side of the embedding worker (its API: ./api.ts): one model at a time. A new model,
// device or precision means a fresh worker, since ORT fixes its WASM threads at the first session.
import * as Comlink from 'comlink';
import { type LoadProgress, type ModelSource, sameModelSource } from '../model-source';
import type { EmbedWorkerApi } from './api';
import type { EmbedderInfo } from './embedder';

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
    const worker = new Worker(new URL('../../../workers/embed.worker.ts', import.meta.url), {
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
