// Index builds per corpus (zustand) over the indexing service: they outlive the page component,
// so leaving the Corpus page and coming back shows the build still running with its progress.
import { create } from 'zustand';
import { isAbort } from '../../core/abort';
import type { ModelSource } from '../../runtime/model-source';
import {
  type Bm25Info,
  buildBm25,
  buildDense,
  cancelIndexJob,
  type DenseBuildProgress,
  type DenseResult,
  discardPartialDense,
  type IndexProgress,
  type LoadProgress,
} from '../../services/corpus/indexing';
import { loadVectorFile } from '../../services/corpus/precomputed-index';

export type Phase = 'idle' | 'working' | 'ready' | 'error' | 'cancelled';

export interface Bm25Job {
  phase: Phase;
  progress?: IndexProgress & { rate: number; etaS: number };
  info?: Bm25Info;
  error?: string;
  jobId?: string;
}

export interface DenseJob {
  phase: Phase;
  step?: 'model' | 'cache' | 'embedding' | 'vectors';
  load?: Record<string, LoadProgress>;
  progress?: DenseBuildProgress;
  result?: DenseResult;
  error?: string;
  /** The model settings this job was for. */
  source?: ModelSource;
}

interface IndexJobs {
  bm25: Record<string, Bm25Job>;
  dense: Record<string, DenseJob>;
  runBm25(corpusId: string): Promise<void>;
  cancelBm25(corpusId: string): void;
  runDense(corpusId: string, src: ModelSource, mode: 'build' | 'restore' | 'rebuild'): Promise<void>;
  /** Makes precomputed vectors (a .npy or JSONL file made by `modelId`) the dense index. */
  loadVectors(corpusId: string, file: File, src: ModelSource, modelId: string, field?: string): Promise<void>;
  /** Pauses a dense build: what was embedded stays stored and the next build resumes from it. */
  cancelDense(corpusId: string): void;
  /** Forgets a paused dense build's stored vectors. */
  discardDense(corpusId: string, settingsKey: string): Promise<void>;
}

const controllers = new Map<string, AbortController>();
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export const useIndexJobs = create<IndexJobs>((set, get) => {
  const patchBm25 = (id: string, p: Partial<Bm25Job>) =>
    set((s) => ({ bm25: { ...s.bm25, [id]: { ...(s.bm25[id] ?? { phase: 'idle' }), ...p } } }));
  const patchDense = (id: string, p: Partial<DenseJob>) =>
    set((s) => ({ dense: { ...s.dense, [id]: { ...(s.dense[id] ?? { phase: 'idle' }), ...p } } }));

  return {
    bm25: {},
    dense: {},

    async runBm25(corpusId) {
      if (get().bm25[corpusId]?.phase === 'working') return;
      const jobId = `bm25-${corpusId}-${Date.now()}`;
      const t0 = performance.now();
      patchBm25(corpusId, { phase: 'working', jobId, error: undefined, progress: undefined });
      try {
        const info = await buildBm25(corpusId, jobId, (p: IndexProgress) => {
          const s = (performance.now() - t0) / 1000;
          const rate = p.done / Math.max(s, 1e-3);
          patchBm25(corpusId, {
            progress: { ...p, rate, etaS: (p.total - p.done) / Math.max(rate, 1e-9) },
          });
        });
        patchBm25(corpusId, { phase: 'ready', info });
      } catch (e) {
        patchBm25(corpusId, isAbort(e) ? { phase: 'cancelled' } : { phase: 'error', error: errorText(e) });
      }
    },

    cancelBm25(corpusId) {
      const jobId = get().bm25[corpusId]?.jobId;
      if (jobId) void cancelIndexJob(jobId);
    },

    async runDense(corpusId, src, mode) {
      if (get().dense[corpusId]?.phase === 'working') return;
      const ac = new AbortController();
      controllers.set(corpusId, ac);
      patchDense(corpusId, {
        phase: 'working',
        step: 'model',
        source: src,
        load: {},
        progress: undefined,
        error: undefined,
        result: undefined,
      });
      try {
        const result = await buildDense(corpusId, src, mode, {
          signal: ac.signal,
          onLoad: (p) =>
            set((s) => {
              const job = s.dense[corpusId] ?? { phase: 'working' };
              return { dense: { ...s.dense, [corpusId]: { ...job, load: { ...job.load, [p.file]: p } } } };
            }),
          onProgress: (p) => patchDense(corpusId, { step: 'embedding', progress: p }),
        });
        if (result.source === 'none') patchDense(corpusId, { phase: 'idle', result });
        else patchDense(corpusId, { phase: 'ready', result });
      } catch (e) {
        patchDense(
          corpusId,
          isAbort(e, ac.signal) ? { phase: 'cancelled' } : { phase: 'error', error: errorText(e) },
        );
      } finally {
        controllers.delete(corpusId);
      }
    },

    async loadVectors(corpusId, file, src, modelId, field) {
      if (get().dense[corpusId]?.phase === 'working') return;
      patchDense(corpusId, {
        phase: 'working',
        step: 'vectors',
        source: src,
        load: {},
        progress: undefined,
        error: undefined,
        result: undefined,
      });
      try {
        const result = await loadVectorFile(corpusId, file, {
          modelId,
          ...(field ? { field } : {}),
          embedder: src,
          onLoad: (p) =>
            set((s) => {
              const job = s.dense[corpusId] ?? { phase: 'working' };
              return { dense: { ...s.dense, [corpusId]: { ...job, load: { ...job.load, [p.file]: p } } } };
            }),
        });
        patchDense(corpusId, { phase: 'ready', result });
      } catch (e) {
        patchDense(corpusId, { phase: 'error', error: errorText(e) });
      }
    },

    cancelDense(corpusId) {
      controllers.get(corpusId)?.abort();
    },

    async discardDense(corpusId, settingsKey) {
      await discardPartialDense(corpusId, settingsKey);
      patchDense(corpusId, { phase: 'idle', progress: undefined });
    },
  };
});
