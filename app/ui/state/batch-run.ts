// The batch runner's state (zustand) over the batch-run service: it outlives the page component,
// so leaving the Run page and coming back shows the batch still going. Pause stops at once (the
// job in flight is dropped and runs again on resume); cancel keeps what finished.
import { create } from 'zustand';
import { type BatchRecord, cancelBatch, pauseBatch, runBatch } from '../../services/batch/batch-run';

interface BatchRun {
  /** The batch being run, if any. */
  batchId: string | null;
  status: 'idle' | 'preparing' | 'running';
  done: number;
  total: number;
  etaS: number | null;
  current: string;
  error: string | null;
  /** Bumped whenever a job finishes, so views reload results. */
  version: number;
  run(b: BatchRecord, apiKey?: string): Promise<void>;
  pause(): Promise<void>;
  cancel(): Promise<void>;
}

let controller: AbortController | null = null;

export const useBatchRun = create<BatchRun>((set, get) => ({
  batchId: null,
  status: 'idle',
  done: 0,
  total: 0,
  etaS: null,
  current: '',
  error: null,
  version: 0,

  async run(b, apiKey) {
    if (get().status !== 'idle') return;
    const ac = new AbortController();
    controller = ac;
    set({
      batchId: b.id,
      status: 'preparing',
      done: b.done.length,
      total: b.spec.questions.length * b.spec.strategies.length,
      etaS: null,
      current: '',
      error: null,
    });
    try {
      await runBatch(
        b,
        ac.signal,
        (p) =>
          set((s) => ({
            status: p.phase,
            done: p.done,
            current: p.current,
            ...(p.stored ? { etaS: p.etaS, version: s.version + 1 } : {}),
          })),
        apiKey,
      );
    } catch (e) {
      set({ error: e instanceof Error ? e.message : String(e) });
    } finally {
      if (controller === ac) controller = null;
      set((s) => ({ status: 'idle', current: '', version: s.version + 1 }));
    }
  },

  async pause() {
    const id = get().batchId;
    controller?.abort();
    if (id) await pauseBatch(id);
  },

  async cancel() {
    const id = get().batchId;
    controller?.abort();
    if (id) await cancelBatch(id);
    set((s) => ({ version: s.version + 1 }));
  },
}));
