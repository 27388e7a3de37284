import { useEffect, useMemo, useRef, useState } from 'react';
import type { Annotation } from '../../../core/annotations/annotation';
import type { Flag } from '../../../core/metrics/flags';
import type { TrajectoryMetrics } from '../../../core/metrics/trajectory-metrics';
import { withoutGold } from '../../../core/present/hide-gold';
import { Replay } from '../../../core/present/replay';
import { flaggedStepPositions, flagsShown } from '../../../core/present/flags-shown';
import type { Trajectory } from '../../../core/schema/trajectory';
import { isTyping } from '../../keyboard';
import { LongText } from '../LongText';
import type { PlanLayout } from '../../../core/plan/plan-layout';
import { planLayoutOf, trajectoryView } from '../../../core/view/trajectory-view';
import { PlanTree } from '../timeline/PlanTree';
import { Timeline } from '../timeline/Timeline';
import { SpeakerNotes } from './SpeakerNotes';
import './present.css';

/** Work done per task while the replay is made or a jump prepared. */
const SLICE_MS = 8;

/**
 * Runs `slice` (a bounded piece of work, true once all is done) in tasks of its own, each after
 * the page had its turn, then `done`; returns the cancel.
 */
function inSlices(slice: () => boolean, done: () => void): () => void {
  let timer = setTimeout(function run() {
    if (slice()) done();
    else timer = setTimeout(run, 0);
  }, 0);
  return () => clearTimeout(timer);
}

/** Streaming speeds a presenter picks from, in token beats per second. */
export const SPEEDS = [2, 5, 10, 20, 40] as const;
const NO_ANNOTATIONS: Annotation[] = [];

/**
 * Replays a stored trajectory as if it were running (core/present/replay.ts): the plan grows,
 * queries appear, documents arrive, text streams. No model, no network: only the stored events.
 */
export function PresenterView({
  t,
  derived,
  annotations = NO_ANNOTATIONS,
  onExit,
}: {
  t: Trajectory;
  /**
   * Flags, metrics and plan layout derived off the main thread (the trajectory worker), when known;
   * else derived here by the same function (core/view).
   */
  derived?: { flags: Flag[]; metrics: TrajectoryMetrics; planLayout: PlanLayout | null };
  annotations?: readonly Annotation[];
  onExit: () => void;
}) {
  const replay = useMemo(() => new Replay(t), [t]);
  // Laid out once (in the trajectory worker when given): frames change the plan's statuses and
  // answers, never its shape.
  const view = useMemo(() => derived ?? { ...trajectoryView(t), planLayout: planLayoutOf(t) }, [derived, t]);
  const { flags, metrics } = view;
  const planLayout = view.planLayout ?? undefined;
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(10);
  const [reveal, setReveal] = useState(false);
  const [notes, setNotes] = useState(true);
  const rootRef = useRef<HTMLDivElement>(null);
  // The replay's events are made in slices after it shows (Replay.extend): a long trajectory's
  // events in one go held the page for 150-180 ms. End waits for the last slice.
  const [builtFor, setBuiltFor] = useState<Replay | null>(null);
  const built = builtFor === replay || replay.complete;
  useEffect(() => {
    if (replay.complete) return;
    return inSlices(
      () => replay.extend(SLICE_MS),
      () => setBuiltFor(replay),
    );
  }, [replay]);
  // A far jump (End) is prepared in slices (Replay.seek) and shown once there.
  const [seeking, setSeeking] = useState<number | null>(null);
  useEffect(() => {
    if (seeking === null) return;
    return inSlices(
      () => replay.seek(seeking, SLICE_MS),
      () => {
        setSeeking(null);
        setAt(Math.min(seeking, replay.last));
      },
    );
  }, [seeking, replay]);
  const goEnd = () => setSeeking(Number.POSITIVE_INFINITY);
  // Any other move (keys, buttons, play) replaces a jump still on its way.
  const go = (to: number | ((a: number) => number)) => {
    setSeeking(null);
    setAt(to);
  };
  const togglePlay = () => {
    setSeeking(null);
    if (done) {
      setAt(0);
      setPlaying(true);
    } else setPlaying((p) => !p);
  };
  const last = replay.last;
  const frame = useMemo(() => replay.frame(at), [replay, at]);
  const shown = useMemo(() => (reveal ? frame.t : withoutGold(frame.t)), [reveal, frame]);
  const current = frame.t.steps.at(-1);
  const done = built && at >= last;

  // Play: one beat per tick; a token beat is short, a step arriving (docs, a query) longer.
  useEffect(() => {
    if (!playing) return;
    if (done) {
      setPlaying(false);
      return;
    }
    const token = replay.streamingAt(at + 1) !== undefined || replay.streamingAt(at) !== undefined;
    const ms = token ? 1000 / speed : Math.max(250, 4000 / speed);
    const id = setTimeout(() => setAt((a) => (replay.has(a + 1) ? a + 1 : a)), ms);
    return () => clearTimeout(id);
  }, [playing, at, speed, replay, done]);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void rootRef.current?.requestFullscreen?.().catch(() => undefined);
  };
  const changeSpeed = (d: 1 | -1) => {
    const i = SPEEDS.findIndex((s) => s === speed);
    setSpeed(SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, i + d))] ?? speed);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e) || e.ctrlKey || e.metaKey || e.altKey) return;
      const k = e.key;
      // Presentation clickers send PageDown / PageUp.
      if (k === 'ArrowRight' || k === 'j' || k === 'PageDown') go((a) => replay.nextStop(a, 1));
      else if (k === 'ArrowLeft' || k === 'k' || k === 'PageUp') go((a) => replay.nextStop(a, -1));
      else if (k === ' ') togglePlay();
      else if (k === 'Home') go(0);
      else if (k === 'End') goEnd();
      else if (k === '+' || k === '=') changeSpeed(1);
      else if (k === '-') changeSpeed(-1);
      else if (k === 'g') setReveal((r) => !r);
      else if (k === 's') setNotes((n) => !n);
      else if (k === 'f') toggleFullscreen();
      else if (k === 'Escape' && !document.fullscreenElement) onExit();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const stepCount = t.steps.length;
  // Looked up once flags are revealed (core/present/flags-shown).
  const flagPositions = useMemo(
    () => (reveal ? flaggedStepPositions(flags, t.steps) : null),
    [reveal, flags, t],
  );
  const arrived = frame.t.steps.length;
  const visibleFlags = useMemo(
    () => (flagPositions ? flagsShown(flags, flagPositions, arrived) : []),
    [flagPositions, arrived, flags],
  );
  return (
    <div className="presenter" ref={rootRef} data-testid="presenter" data-done={done}>
      <div className="present-bar">
        <button type="button" onClick={onExit} title="Leave presenter mode (Esc)">
          ✕ Leave
        </button>
        <button type="button" onClick={() => go((a) => replay.nextStop(a, -1))} title="Previous step (← / k)">
          ‹
        </button>
        <button type="button" data-testid="present-play" onClick={togglePlay} title="Play / pause (Space)">
          {playing ? '❚❚ Pause' : done ? '↺ Replay' : '▶ Play'}
        </button>
        <button type="button" onClick={() => go((a) => replay.nextStop(a, 1))} title="Next step (→ / j)">
          ›
        </button>
        <label className="small">
          Speed{' '}
          <select
            value={speed}
            onChange={(e) => setSpeed(Number(e.target.value))}
            aria-label="Tokens per second"
            title="Tokens per second (+ / -)"
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s} tok/s
              </option>
            ))}
          </select>
        </label>
        <span className="muted" data-testid="present-progress">
          Step {current ? current.index + 1 : 0} of {stepCount}
          {done ? ' · finished' : ''}
        </span>
        {/* By steps: the replay's beats are still being made while it starts. */}
        <progress
          max={Math.max(1, stepCount)}
          value={current ? current.index + 1 : 0}
          aria-label="Replay progress"
        />
        <button
          type="button"
          aria-pressed={reveal}
          data-testid="present-reveal"
          onClick={() => setReveal(!reveal)}
          title="Show or hide gold answers and flags (g)"
        >
          {reveal ? 'Hide gold & flags' : 'Reveal gold & flags'} <kbd>g</kbd>
        </button>
        <button type="button" aria-pressed={notes} onClick={() => setNotes(!notes)} title="Speaker notes (s)">
          Notes <kbd>s</kbd>
        </button>
        <button type="button" onClick={toggleFullscreen} title="Full screen (f)">
          Full screen <kbd>f</kbd>
        </button>
      </div>
      <h1 className="present-question">
        <LongText text={t.question} limit={600} />
      </h1>
      <div className="present-answer">
        <span className="muted">Answer</span>{' '}
        <b data-testid="present-answer">{shown.answer?.text ?? (done ? '—' : '…')}</b>
        {reveal && (
          <span data-testid="present-gold">
            {' '}
            <span className="muted">Gold</span> {(t.gold?.answers ?? []).join(' | ') || '—'}
            {done && metrics.em !== null && (
              <span className={`pill ${metrics.em ? 'good' : 'bad'}`}> EM {metrics.em}</span>
            )}
          </span>
        )}
      </div>
      <div className={`present-body${notes ? ' with-notes' : ''}`}>
        <div className="present-main">
          {(shown.plan?.length ?? 0) > 0 && (
            <section>
              <h3 className="section-title">Plan</h3>
              <PlanTree
                plan={shown.plan!}
                {...(planLayout ? { layout: planLayout } : {})}
                activeNode={shown.plan!.find((n) => n.status === 'active')?.id}
                onSelect={() => undefined}
              />
            </section>
          )}
          <Timeline
            trajectory={shown}
            selected={current?.id}
            onSelect={() => undefined}
            annotations={NO_ANNOTATIONS}
            flags={visibleFlags}
            streamingStepId={frame.streamingStepId}
          />
        </div>
        {notes && <SpeakerNotes t={t} step={current} annotations={annotations} />}
      </div>
    </div>
  );
}
