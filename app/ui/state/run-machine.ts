// One state machine for a run the view follows as it grows (a live run, a fork): idle → preparing
// (model, index) → running (events fold into a draft, tokens batched per frame) → done (stored) or
// error; Stop aborts at any point and leaves the draft on screen. The run itself is a service's.
import { create } from 'zustand';
import type { TrajectoryEvent } from '../../core/schema/builder';
import { DraftSnapshots } from '../../core/schema/draft-snapshots';
import type { Trajectory } from '../../core/schema/trajectory';

export type RunStatus = 'idle' | 'preparing' | 'running' | 'done' | 'error';

/** What a run reports besides its events: what it is waiting for, and when it starts running. */
export type OnPhase = (phase: 'model' | 'index' | 'running') => void;

/**
 * Runs and stores; resolves with the stored trajectory, rejects on failure or abort. `onEvent`'s
 * draft is the run's own, changed in place by later events (core/agents/run.ts).
 */
export type Runner<S> = (
  spec: S,
  signal: AbortSignal,
  onEvent: (e: TrajectoryEvent, draft: Trajectory) => void,
  onPhase: OnPhase,
) => Promise<Trajectory>;

export interface RunMachine<S, X> {
  status: RunStatus;
  /** What the run is waiting for before its first event. */
  phase: string;
  draft: Trajectory | null;
  /** The step tokens are streaming into, while the model generates. */
  streamingStepId: string | null;
  error: string | null;
  startedAt: number;
  endedAt: number | null;
  /** The stored trajectory, once on disk. */
  saved: Trajectory | null;
  /** What this kind of run keeps about its spec (a fork: its parent and replayed steps). */
  about: X;
  start(spec: S, onSaved?: (t: Trajectory) => void): Promise<void>;
  /** Whether the last run failed and can run again with the same spec. */
  canRetry: boolean;
  /** Runs the last spec again (after a failure: a server that was down, say). */
  retry(): Promise<void>;
  stop(): void;
  reset(): void;
}

export interface RunMachineOptions<S, X> {
  run: Runner<S>;
  /** What to keep about the spec; throwing refuses the run with that message. */
  about(spec: S): X;
  empty: X;
  /** What to keep about a refused spec (so its view can show the refusal); default `empty`. */
  refused?(spec: S): X;
  /** Words for each phase. */
  phases: (spec: S) => Record<'model' | 'index', string>;
}

/** Redraw at most this often while tokens stream (events still all apply). */
const FRAME_MS = 50;

export function createRunMachine<S, X>(opts: RunMachineOptions<S, X>) {
  let controller: AbortController | null = null;
  let last: { spec: S; onSaved?: (t: Trajectory) => void } | null = null;
  return create<RunMachine<S, X>>((set, get) => ({
    status: 'idle',
    phase: '',
    draft: null,
    streamingStepId: null,
    error: null,
    startedAt: 0,
    endedAt: null,
    saved: null,
    about: opts.empty,
    canRetry: false,

    async start(spec, onSaved) {
      if (get().status === 'preparing' || get().status === 'running') return;
      last = { spec, ...(onSaved ? { onSaved } : {}) };
      let about: X;
      try {
        about = opts.about(spec);
      } catch (e) {
        const error = e instanceof Error ? e.message : String(e);
        set({ status: 'error', about: opts.refused?.(spec) ?? opts.empty, error, draft: null, saved: null });
        return;
      }
      const ac = new AbortController();
      controller = ac;
      const phases = opts.phases(spec);
      set({
        status: 'preparing',
        phase: phases.model,
        about,
        draft: null,
        streamingStepId: null,
        error: null,
        startedAt: performance.now(),
        endedAt: null,
        saved: null,
        canRetry: false,
      });
      let latest: Trajectory | null = null;
      // Each redraw finalizes only the steps that changed since the last one.
      const snapshots = new DraftSnapshots();
      let streaming: string | null = null;
      let timer: ReturnType<typeof setTimeout> | null = null;
      const flush = () => {
        timer = null;
        // Finalized drafts carry the derived marks (new vs duplicate, gold, answer) while running.
        set({ draft: latest && snapshots.of(latest), streamingStepId: streaming });
      };
      const onEvent = (e: TrajectoryEvent, draft: Trajectory) => {
        latest = draft;
        if (e.type === 'step_token') streaming = e.stepId;
        else if (e.type === 'step_update' && e.patch.ms !== undefined) streaming = null;
        else if (e.type === 'step' || e.type === 'finish') streaming = null;
        // Structure changes show at once; tokens are batched per frame.
        if (e.type !== 'step_token') {
          if (timer) clearTimeout(timer);
          flush();
        } else timer ??= setTimeout(flush, FRAME_MS);
      };
      const onPhase: OnPhase = (p) =>
        p === 'running'
          ? set({ status: 'running', phase: '', startedAt: performance.now() })
          : set({ phase: phases[p] });
      try {
        const t = await opts.run(spec, ac.signal, onEvent, onPhase);
        if (timer) clearTimeout(timer);
        set({
          status: 'done',
          draft: t,
          saved: t,
          streamingStepId: null,
          phase: '',
          endedAt: performance.now(),
        });
        onSaved?.(t);
      } catch (e) {
        if (timer) clearTimeout(timer);
        const cancelled = ac.signal.aborted;
        set({
          status: cancelled ? 'idle' : 'error',
          error: cancelled ? null : e instanceof Error ? e.message : String(e),
          canRetry: !cancelled,
          phase: '',
          streamingStepId: null,
          endedAt: performance.now(),
        });
      } finally {
        if (controller === ac) controller = null;
      }
    },

    async retry() {
      if (last) await get().start(last.spec, last.onSaved);
    },

    stop() {
      controller?.abort();
    },

    reset() {
      if (get().status === 'running' || get().status === 'preparing') return;
      set({
        status: 'idle',
        draft: null,
        error: null,
        saved: null,
        phase: '',
        about: opts.empty,
        canRetry: false,
      });
    },
  }));
}
