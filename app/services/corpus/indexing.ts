// Building the corpus indexes as a use case: BM25 in the search worker, dense vectors through the
// embedding worker (stored chunk by chunk, so a paused or interrupted build resumes), and
// cancelling or discarding them. Plain TS; the Corpus page follows jobs through
// app/ui/state/index-jobs.ts.
import { proxy } from 'comlink';
import type { LoadProgress, ModelSource } from '../../runtime/model-source';
import { type DenseBuildProgress, type DenseResult, ensureDenseIndex } from '../../runtime/retrieval-client';
import { searchWorker } from '../../runtime/search/client';
import type { Bm25Info, IndexProgress } from '../../runtime/search/search-service';
import { announce } from '../changes';

export type { Bm25Info, DenseBuildProgress, DenseResult, IndexProgress, LoadProgress };

/** Builds (or loads the stored) BM25 index of a corpus; `jobId` names it for cancelIndexJob. */
export function buildBm25(
  corpusId: string,
  jobId: string,
  onProgress: (p: IndexProgress) => void,
): Promise<Bm25Info> {
  return settle(searchWorker().ensureBm25(corpusId, jobId, proxy(onProgress)));
}

/** The index lists refresh when a build ends, however it ends (a paused build leaves a partial). */
async function settle<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } finally {
    announce('indexes');
  }
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
  return settle(
    ensureDenseIndex(corpusId, src, {
      signal: opts.signal,
      cacheOnly: mode === 'restore',
      force: mode === 'rebuild',
      onLoad: opts.onLoad,
      onProgress: opts.onProgress,
    }),
  );
}

/** Forgets a paused dense build's stored vectors. */
export function discardPartialDense(corpusId: string, settingsKey: string): Promise<void> {
  return settle(Promise.resolve(searchWorker().discardPartialDense(corpusId, settingsKey)));
}
