import { useEffect, useMemo, useState } from 'react';
import { stepNumber } from '../../../core/schema/step-number';
import { plural } from '../../../core/plural';
import type { Trajectory } from '../../../core/schema/trajectory';
import { LiveViewMemo } from '../../../core/view/live-view';
import { flagsSoFar } from '../../../core/view/trajectory-view';
import { useQuestionIndex } from '../../data/corpus/corpora';
import { useLiveRun } from '../../state/live-run';
import { navigate } from '../../state/router';
import { LongText } from '../LongText';
import { PlanTree } from '../timeline/PlanTree';
import { TestModelWarning } from '../model/TestModelWarning';
import { Timeline } from '../timeline/Timeline';
import { RewardsPanel } from './RewardsPanel';

const NO_ANNOTATIONS: never[] = [];

function useClock(on: boolean): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!on) return;
    const t = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(t);
  }, [on]);
  return now;
}

/** The trajectory view, fed live: plan nodes, steps and streaming tokens as they arrive. */
export function LiveView() {
  const run = useLiveRun();
  const active = run.status === 'running' || run.status === 'preparing';
  const now = useClock(active);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const t = run.draft;
  const tokens = useMemo(() => (t ? t.steps.reduce((s, x) => s + (x.tokens ?? 0), 0) : 0), [t]);
  if (run.status === 'idle' && !t)
    return (
      <div className="empty">
        Pick a question, a strategy and a model, then press <b>Run</b>. Steps appear here as the agent plans,
        searches and reads.
      </div>
    );
  const elapsed = ((run.endedAt ?? now) - run.startedAt) / 1000;
  return (
    <div className="live" data-testid="live-view" data-status={run.status}>
      <div className="live-head">
        <span className={`dot dot-${active ? 'working' : run.status === 'error' ? 'error' : 'ready'}`} />
        <span data-testid="live-status">
          {run.status === 'preparing'
            ? run.phase
            : run.status === 'running'
              ? 'Running'
              : run.status === 'error'
                ? 'Failed'
                : t?.finishReason === 'cancelled'
                  ? 'Stopped'
                  : 'Finished'}
        </span>
        <span className="muted small">
          {elapsed.toFixed(1)} s · {plural(t?.steps.length ?? 0, 'step')} · {plural(tokens, 'token')}
          {t?.finishReason ? ` · finish: ${t.finishReason}` : ''}
        </span>
        <span className="spacer" />
        {run.saved && (
          <button
            type="button"
            data-testid="open-saved"
            onClick={() => navigate({ page: 'trajectory', id: run.saved!.id, step: null })}
          >
            Open in the trajectory view
          </button>
        )}
      </div>
      <TestModelWarning modelId={t?.agent.model} />
      {run.error && (
        <p className="error-text load-error" data-testid="live-error">
          {run.error}{' '}
          {run.canRetry && (
            <button type="button" onClick={() => void run.retry()} data-testid="live-retry">
              Retry
            </button>
          )}
        </p>
      )}
      {t && (
        <LiveTrajectory
          t={t}
          streamingStepId={run.streamingStepId ?? undefined}
          selected={selected}
          onSelect={setSelected}
          done={run.status === 'done'}
        />
      )}
    </div>
  );
}

/**
 * A trajectory as it grows: plan, timeline with the streaming step and its flags, the selected
 * step's text. Its numbers and flags are the trajectory view's (core/view), as on every screen.
 */
export function LiveTrajectory({
  t,
  streamingStepId,
  selected,
  onSelect,
  done,
  dimBefore,
}: {
  t: Trajectory;
  streamingStepId: string | undefined;
  selected: string | undefined;
  onSelect: (id: string) => void;
  done: boolean;
  /** Steps replayed from a fork's parent, dimmed. */
  dimBefore?: number;
}) {
  const questions = useQuestionIndex().data ?? null;
  // The trajectoryView of the run, derived again only when a step is finalized (or the answer, the
  // finish, the gold…), not on each 50 ms redraw of streaming tokens (core/view/live-view.ts).
  const [memo] = useState(() => new LiveViewMemo());
  const view = useMemo(() => memo.of(t, streamingStepId, questions), [memo, t, streamingStepId, questions]);
  const m = done ? view.metrics : null;
  // While the run goes, flags about its end (no answer yet) wait for its finish (or its stop).
  const finished = done || t.finishReason !== undefined;
  const flags = useMemo(() => flagsSoFar(view.flags, finished), [view, finished]);
  const gold = view.trajectory.gold?.answers ?? [];
  const step = t.steps.find((s) => s.id === selected);
  return (
    <>
      <h2 className="question">
        <LongText text={t.question} limit={400} />
      </h2>
      <div className="answer-line">
        <span>
          <span className="muted">Answer</span> <b data-testid="live-answer">{t.answer?.text ?? '…'}</b>
          {t.answer?.confidence !== undefined && (
            <span className="muted"> (confidence {t.answer.confidence.toFixed(2)})</span>
          )}
        </span>
        {gold.length > 0 && (
          <span>
            <span className="muted">Gold</span> {gold.join(' | ')}
          </span>
        )}
        {m && m.em !== null && <span className={`pill ${m.em ? 'good' : 'bad'}`}>EM {m.em}</span>}
        {m && <span className="pill">RC {m.rc}</span>}
        <span className="muted small">
          {t.agent.strategy} · {t.agent.model ?? ''} · {t.agent.backend ?? ''}
        </span>
      </div>
      <div className="live-body">
        <div className="live-main">
          {(t.plan?.length ?? 0) > 0 && (
            <section>
              <h3 className="section-title">Plan</h3>
              <PlanTree
                plan={t.plan!}
                activeNode={t.plan!.find((n) => n.status === 'active')?.id}
                onSelect={(nodeId) => {
                  const s = t.steps.find((x) => x.planNode === nodeId);
                  if (s) onSelect(s.id);
                }}
              />
            </section>
          )}
          <section>
            <h3 className="section-title">
              Steps <span className="muted small">{t.steps.length}</span>
            </h3>
            <Timeline
              trajectory={t}
              selected={selected}
              onSelect={onSelect}
              annotations={NO_ANNOTATIONS}
              flags={flags}
              streamingStepId={streamingStepId}
              dimBefore={dimBefore}
            />
          </section>
        </div>
        <aside className="live-side">
          {step && (
            <section className="card">
              <h3>
                Step {stepNumber(step)} · {step.kind}
              </h3>
              <p className="muted small">
                {step.ms !== undefined ? `${Math.round(step.ms)} ms` : ''}
                {step.tokens !== undefined ? ` · ${plural(step.tokens, 'token')}` : ''}
              </p>
              <LongText
                text={step.raw ?? step.text ?? (step.queries ?? []).join(' | ')}
                className="mono small"
              />
            </section>
          )}
          {!step && !done && <p className="muted small">Click a step for its full text and raw output.</p>}
          {done && (
            <section className="card">
              <h3>Rewards</h3>
              <RewardsPanel t={view.trajectory} onSelectStep={onSelect} />
            </section>
          )}
        </aside>
      </div>
    </>
  );
}
