// Building the corpus indexes as a use case: BM25 in the search worker, dense vectors through the
// embedding worker (stored chunk by chunk, so a paused or interrupted build resumes), and
// cancelling or discarding them. Plain TS; the Corpus page follows jobs through
// app/ui/state/index-jobs.ts.
import { proxy } from 'comlink';
import type { LoadProgress, ModelSource } from '../runtime/model-source';
import {
  type DenseBuildProgress,
  type DenseResult,
  ensureDenseIndex,
  searchWorker,
} from '../runtime/retrieval-client';
import type { Bm25Info, IndexProgress } from '../runtime/search-service';

export type { Bm25Info, DenseBuildProgress, DenseResult, IndexProgress, LoadProgress };

/** Builds (or loads the stored) BM25 index of a corpus; `jobId` names it for cancelIndexJob. */
export function buildBm25(
  corpusId: string,
  jobId: string,
  onProgress: (p: IndexProgress) => void,
): Promise<Bm25Info> {
  return searchWorker().ensureBm25(corpusId, jobId, proxy(onProgress));
}

export function cancelIndexJob(jobId: string): Promise<void> {
  return Promise.resolve(searchWorker().cancel(jobId));
}

/** Builds, restores or rebuilds the dense index of a corpus for the model `src`. */
export function buildDense(
  corpusId: string,
  src: ModelSource,
  mode: 'build' | 'restore' | 'rebuild',
  opts: {
    signal: AbortSignal;
    onLoad: (p: LoadProgress) => void;
    onProgress: (p: DenseBuildProgress) => void;
  },
): Promise<DenseResult> {
  return ensureDenseIndex(corpusId, src, {
    signal: opts.signal,
    cacheOnly: mode === 'restore',
    force: mode === 'rebuild',
    onLoad: opts.onLoad,
    onProgress: opts.onProgress,
  });
}

/** Forgets a paused dense build's stored vectors. */
export function discardPartialDense(corpusId: string, settingsKey: string): Promise<void> {
  return Promise.resolve(searchWorker().discardPartialDense(corpusId, settingsKey));
}
