// The fork in progress (zustand): its draft grows as events arrive, like a live run's, so the fork
// panel shows the new steps streaming; the run itself is the fork service's.
import { create } from 'zustand';
import { applyChange } from '../../core/fork/point';
import { finalizeTrajectory, type TrajectoryEvent } from '../../core/schema/builder';
import type { Trajectory } from '../../core/schema/trajectory';
import { type ForkSpec, runAndStoreFork } from '../../services/fork';

export type ForkStatus = 'idle' | 'preparing' | 'running' | 'done' | 'error';

const PHASES = { model: 'Loading the model…', index: 'Opening the index…', running: '' } as const;

interface ForkRun {
  status: ForkStatus;
  phase: string;
  /** Which parent the run is a fork of (the panel shows only its own parent's run). */
  parentId: string | null;
  /** Steps the fork replays from its parent (the draft's new steps follow them). */
  replayed: number;
  draft: Trajectory | null;
  error: string | null;
  saved: Trajectory | null;
  start(spec: ForkSpec, onSaved?: (t: Trajectory) => void): Promise<void>;
  stop(): void;
  reset(): void;
}

let controller: AbortController | null = null;
const FRAME_MS = 50;

export const useForkRun = create<ForkRun>((set, get) => ({
  status: 'idle',
  phase: '',
  parentId: null,
  replayed: 0,
  draft: null,
  error: null,
  saved: null,

  async start(spec, onSaved) {
    if (get().status === 'preparing' || get().status === 'running') return;
    const ac = new AbortController();
    controller = ac;
    let replayed: number;
    try {
      replayed = applyChange(spec.parent, spec.stepIndex, spec.change).prefix.length;
    } catch (e) {
      set({ status: 'error', parentId: spec.parent.id, error: e instanceof Error ? e.message : String(e) });
      return;
    }
    set({
      status: 'preparing',
      phase: '',
      parentId: spec.parent.id,
      replayed,
      draft: null,
      error: null,
      saved: null,
    });
    let latest: Trajectory | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      set({ draft: latest && finalizeTrajectory(latest) });
    };
    const onEvent = (e: TrajectoryEvent, draft: Trajectory) => {
      latest = draft;
      if (e.type === 'step_token') timer ??= setTimeout(flush, FRAME_MS);
      else {
        if (timer) clearTimeout(timer);
        flush();
      }
    };
    try {
      const t = await runAndStoreFork(spec, ac.signal, onEvent, (p) =>
        set({ phase: PHASES[p], status: p === 'running' ? 'running' : 'preparing' }),
      );
      if (timer) clearTimeout(timer);
      set({ status: 'done', draft: t, saved: t, phase: '' });
      onSaved?.(t);
    } catch (e) {
      if (timer) clearTimeout(timer);
      const cancelled = ac.signal.aborted;
      set({
        status: cancelled ? 'idle' : 'error',
        error: cancelled ? null : e instanceof Error ? e.message : String(e),
        phase: '',
      });
    } finally {
      if (controller === ac) controller = null;
    }
  },

  stop() {
    controller?.abort();
  },

  reset() {
    if (get().status === 'running' || get().status === 'preparing') return;
    set({ status: 'idle', draft: null, error: null, saved: null, phase: '', parentId: null });
  },
}));
