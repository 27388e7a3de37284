import { useIsFetching } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import {
  STEP_LABELS,
  SUFFICIENT_PREFIX,
  sufficientLabel,
  sufficientOf,
  VERDICTS,
} from '../../core/annotations/annotation';
import { toggleLabel } from '../../core/annotations/change';
import { chainLinksByStep } from '../../core/diagnose/evidence-chain';
import { accHint, accName } from '../../core/metrics/labels';
import { stepByRef, stepNumber } from '../../core/schema/step-number';
import { plural } from '../../core/plural';
import type { Trajectory } from '../../core/schema/trajectory';
import { ForkLineage } from '../components/fork/ForkLineage';
import { ForkPanel } from '../components/fork/ForkPanel';
import { RunsOfQuestionButton } from '../components/compare/RunsOfQuestionButton';
import { LongText } from '../components/LongText';
import { usePlanRewrite } from '../data/plan-rewrite';
import { type TrajectoryView as ViewData, useTrajectoryView } from '../data/trajectory-view';
import { MetricsPanel } from '../components/MetricsPanel';
import { PlanTree } from '../components/PlanTree';
import { AnswerCorrectness } from '../components/judge/AnswerCorrectness';
import { RewardsPanel } from '../components/run/RewardsPanel';
import { useCorrectnessState } from '../state/correctness';
import { type SaveState, StepPanel } from '../components/StepPanel';
import { TestModelWarning } from '../components/TestModelWarning';
import { type TimelineMarks, Timeline } from '../components/Timeline';
import { DiagnosisPanel } from '../components/DiagnosisPanel';
import { labelQueueState } from '../data/calibration';
import { type CopyFormat, copyTrajectory } from '../data/copy-trajectory';
import { fileSlug } from '../data/figure-export';
import { planFigure, timelineFigure } from '../figures/trajectory-figures';
import { TextFigureExport } from '../components/TextFigureExport';
import { type AnnotationChange, useAnnotate, useTrajectoryAnnotations } from '../data/queries';
import { useTableIds } from '../data/table-view';
import { explainStorageError } from '../../services/storage-health';
import { isTyping, useKeysWhileLoading } from '../keyboard';
import { navigate } from '../state/router';
import { useUi } from '../state/ui-store';

type Tab = 'step' | 'diagnose' | 'metrics' | 'rewards' | 'transcript';

/** `stepRef`: the URL's step part (a 1-based step number, or an old link's step id). */
export function TrajectoryPage({ id, stepRef }: { id: string; stepRef: string | null }) {
  const q = useTrajectoryView(id);
  // Rendered as a transition, which React splits into short tasks: the first render of a
  // 100,000-step trajectory was one 0.15 s task.
  const deferred = useDeferredValue(q.data);
  // The deferred value may still be the previous trajectory's just after a move to the next one.
  const view = deferred?.trajectory.id === id ? deferred : undefined;
  const loading = q.isLoading || (q.data !== null && q.data !== undefined && !view);
  const replayKeys = useKeysWhileLoading(loading);
  const demoLoading = useIsFetching({ queryKey: ['demo'] }) > 0;
  if (loading) return <div className="empty">Loading trajectory…</div>;
  if (q.error)
    return (
      <div className="empty error-text">
        Could not read trajectory {id}: {String(q.error)}
      </div>
    );
  if (!view && demoLoading) return <div className="empty">Loading the demo set…</div>;
  if (!view)
    return (
      <div className="empty">
        No trajectory with id <code>{id}</code> is stored here.{' '}
        <button type="button" className="link" onClick={() => navigate({ page: 'trajectories' })}>
          Back to the trajectories
        </button>
      </div>
    );
  return <TrajectoryView key={id} view={view} stepRef={stepRef} onReady={replayKeys} />;
}

/** `view`: the record with gold joined from the question sets, and what is derived from it. */
function TrajectoryView({
  view,
  stepRef,
  onReady,
}: {
  view: ViewData;
  stepRef: string | null;
  /** Called once its key handler listens (keys pressed while loading are pressed again). */
  onReady: () => void;
}) {
  const { trajectory: t, goldFrom, metrics, diagnosis, flags, planLayout } = view;
  const annotator = useUi((s) => s.annotator);
  const setAnnotator = useUi((s) => s.setAnnotator);
  const visibleIds = useUi((s) => s.visibleIds);
  // Before the table has shown a view: every row, in id order, from the table worker.
  const rowIds = useTableIds(visibleIds.length === 0);
  const ann = useTrajectoryAnnotations(t.id);
  const annotate = useAnnotate(annotator);
  const [tab, setTab] = useState<Tab>('step');
  const [noteFocus, setNoteFocus] = useState(0);
  /** Bumped by B: the Diagnose tab's probes run with the configured model. */
  const [probeRun, setProbeRun] = useState(0);
  const [nameDraft, setNameDraft] = useState('');
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [saveError, setSaveError] = useState<string | null>(null);
  /** The step the fork panel is open on (F). */
  const [forkAt, setForkAt] = useState<string | null>(null);

  const planRewrite = usePlanRewrite(t.gold?.plan);
  const marks = useMemo((): TimelineMarks => {
    const under = diagnosis.flags.find((f) => f.kind === 'under-search');
    const chain = diagnosis.sufficiency.chain;
    return {
      redundant: new Set(diagnosis.verdicts.filter((v) => v.label === 'redundant').map((v) => v.stepId)),
      ...(diagnosis.sufficientAfterStepId
        ? {
            sufficientAfter: diagnosis.sufficientAfterStepId,
            sufficientText: `evidence sufficient here (search ${diagnosis.firstSufficientSearch})`,
          }
        : {}),
      ...(under ? { missingHop: under.evidence } : {}),
      ...(under && chain?.missing ? { missingLink: chain.missing } : {}),
      ...(chain ? { chainLinks: chainLinksByStep(chain) } : {}),
    };
  }, [diagnosis]);
  const annotations = ann.data ?? [];
  const selected = stepByRef(t, stepRef) ?? t.steps[0];
  const selIndex = selected ? selected.index : -1;
  const order = visibleIds.length > 0 ? visibleIds : (rowIds.data ?? []);
  const pos = order.indexOf(t.id);
  const mySufficient = annotations.find(
    (a) => a.annotator === annotator && a.stepId === undefined && sufficientOf(a.label) !== undefined,
  )?.label;
  /** The sufficiency point at the selected step: searches up to and including it. */
  const pointAtSelected = selected
    ? t.steps.filter((s) => s.kind === 'search' && s.index <= selected.index).length
    : 0;
  const setSufficient = (label: string) =>
    apply({
      op: 'slot',
      trajectoryId: t.id,
      prefix: SUFFICIENT_PREFIX,
      label: mySufficient === label ? null : label,
    });
  const nextToLabel = async () => {
    const q = await labelQueueState(annotator, t.id);
    if (q.next) navigate({ page: 'trajectory', id: q.next.id, step: null });
    else useUi.getState().setToast('Nothing left to label.');
  };
  const myVerdict = annotations
    .find((a) => a.annotator === annotator && a.stepId === undefined && a.label.startsWith('verdict:'))
    ?.label.slice('verdict:'.length);

  const selectStep = (sid: string) => {
    const s = t.steps.find((x) => x.id === sid);
    if (s) navigate({ page: 'trajectory', id: t.id, step: String(stepNumber(s)) }, { replace: true });
  };

  // An old link (`#/t/<id>/s3`) opens its step; the address then shows the number on screen.
  useEffect(() => {
    if (selected && stepRef !== null && !/^\d+$/.test(stepRef) && stepByRef(t, stepRef) === selected)
      navigate({ page: 'trajectory', id: t.id, step: String(stepNumber(selected)) }, { replace: true });
  }, [t, stepRef, selected]);

  const apply = (c: AnnotationChange) => {
    setSaveState('saving');
    annotate.mutate(c, {
      onSuccess: () => setSaveState('saved'),
      onError: (e) => {
        setSaveState('error');
        setSaveError(String((e as Error).message ?? e));
        // A full disk names usage, quota and what can be deleted (estimate is async).
        void explainStorageError(e).then(setSaveError);
      },
    });
  };

  const copyAs = async (format: CopyFormat) =>
    useUi.getState().setToast(await copyTrajectory(format, t, metrics));

  const goTrajectory = (delta: number) => {
    const next = order[pos + delta];
    if (next) {
      useUi.getState().setCursor(pos + delta);
      navigate({ page: 'trajectory', id: next, step: null });
    }
  };

  // Keyboard: steps, trajectories, labels, verdicts. Reads fresh values on every key press.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e) || e.ctrlKey || e.metaKey || e.altKey) return;
      const ui = useUi.getState();
      if (ui.helpOpen || ui.importOpen || forkAt) return;
      const k = e.key;
      const move = (d: number) => {
        const s = t.steps[Math.max(0, Math.min(t.steps.length - 1, selIndex + d))];
        if (s) selectStep(s.id);
      };
      if (k === 'F' && selected) setForkAt(selected.id);
      else if (k === 'P') navigate({ page: 'present', id: t.id });
      else if (k === 'M') void copyAs('markdown');
      else if (k === 'Y') void copyAs('json');
      else if (k === 'j' || k === 'ArrowDown') move(1);
      else if (k === 'k' || k === 'ArrowUp') move(-1);
      else if (k === 'n' || k === ']') goTrajectory(1);
      else if (k === 'p' || k === '[') goTrajectory(-1);
      else if (k === 'Escape') navigate({ page: 'trajectories' });
      else if (k === 't') setTab(tab === 'transcript' ? 'step' : 'transcript');
      else if (k === 'm') setTab(tab === 'metrics' ? 'step' : 'metrics');
      else if (k === 'r') setTab(tab === 'rewards' ? 'step' : 'rewards');
      else if (k === 'S') useCorrectnessState.getState().cycleSignal();
      else if (k === 'd') setTab(tab === 'diagnose' ? 'step' : 'diagnose');
      else if (k === 'B') {
        setTab('diagnose');
        setProbeRun((n) => n + 1);
      } else if (
        !annotator &&
        (STEP_LABELS.some((l) => l.key === k) || k === 'e' || k === '0' || k === '-' || k === 'Q')
      ) {
        setTab('step');
        document.getElementById('annotator-name')?.focus();
      } else if (k === '0') setSufficient(sufficientLabel(pointAtSelected));
      else if (k === '-') setSufficient(sufficientLabel(null));
      else if (k === 'Q') void nextToLabel();
      else if (k === 'e' && selected) {
        setTab('step');
        setNoteFocus((n) => n + 1);
      } else {
        const label = STEP_LABELS.find((l) => l.key === k);
        const verdict = VERDICTS.find((v) => v.key === k);
        if (label && selected) apply(toggleLabel(annotations, annotator, t.id, selected.id, label.id));
        else if (verdict && annotator)
          apply({ op: 'verdict', trajectoryId: t.id, verdict: myVerdict === verdict.id ? null : verdict.id });
        else return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  useEffect(() => onReady(), [onReady]);

  const needAnnotator = (
    <form
      className="need-annotator"
      onSubmit={(e) => {
        e.preventDefault();
        if (nameDraft.trim()) setAnnotator(nameDraft.trim());
      }}
    >
      <label htmlFor="annotator-name">Your name, once, to start labelling:</label>
      <input
        id="annotator-name"
        value={nameDraft}
        onChange={(e) => setNameDraft(e.target.value)}
        placeholder="annotator"
      />
      <button type="submit">Start</button>
    </form>
  );

  const hasPlan = (t.plan?.length ?? 0) > 0;
  return (
    <div className="trajectory">
      <div className="traj-head">
        <div className="row">
          <button
            type="button"
            onClick={() => navigate({ page: 'trajectories' })}
            title="Back to the trajectories (Esc)"
          >
            ← Trajectories
          </button>
          <button
            type="button"
            disabled={pos <= 0}
            onClick={() => goTrajectory(-1)}
            title="Previous trajectory (p)"
          >
            ‹ Prev
          </button>
          <button
            type="button"
            disabled={pos < 0 || pos >= order.length - 1}
            onClick={() => goTrajectory(1)}
            title="Next trajectory (n)"
          >
            Next ›
          </button>
          {pos >= 0 && (
            <span className="muted small">
              {pos + 1} / {order.length}
            </span>
          )}
          <RunsOfQuestionButton t={t} />
          <button
            type="button"
            data-testid="present"
            onClick={() => navigate({ page: 'present', id: t.id })}
            title="Replay this trajectory for an audience (P)"
          >
            ▶ Present <kbd>P</kbd>
          </button>
          <button type="button" onClick={() => void copyAs('markdown')} title="Copy as Markdown (Shift+M)">
            Copy Markdown
          </button>
          <button type="button" onClick={() => void copyAs('json')} title="Copy as JSON (Shift+Y)">
            Copy JSON
          </button>
          <div className="spacer" />
          <div className="verdicts" role="group" aria-label="Verdict">
            <span className="muted small">Verdict:</span>
            {VERDICTS.map((v) => (
              <button
                key={v.id}
                type="button"
                disabled={!annotator}
                className={`verdict verdict-${v.id}${myVerdict === v.id ? ' on' : ''}`}
                aria-pressed={myVerdict === v.id}
                onClick={() =>
                  apply({ op: 'verdict', trajectoryId: t.id, verdict: myVerdict === v.id ? null : v.id })
                }
              >
                <kbd>{v.key}</kbd> {v.title}
              </button>
            ))}
          </div>
        </div>
        <h1 className="question" data-testid="question">
          <LongText text={t.question} limit={600} />
        </h1>
        <div className="answer-line">
          <span>
            <span className="muted">Answer</span> <b data-testid="answer">{t.answer?.text ?? '—'}</b>
            {t.answer?.confidence !== undefined && (
              <span className="muted"> (confidence {t.answer.confidence.toFixed(2)})</span>
            )}
          </span>
          <span>
            <span className="muted">Gold</span> {(t.gold?.answers ?? []).join(' | ') || '—'}
            {goldFrom && (
              <span
                className="pill"
                data-testid="gold-from"
                title="Gold the log does not carry (answers, plan or supporting passages) comes from this loaded question set"
              >
                + gold from {goldFrom}
              </span>
            )}
          </span>
          <span className={`pill ${metrics.em === 1 ? 'good' : metrics.em === 0 ? 'bad' : ''}`}>
            EM {metrics.em ?? '–'}
          </span>
          <span className="pill">F1 {metrics.f1 === null ? '–' : metrics.f1.toFixed(2)}</span>
          <span className="pill" title={accHint(t.agent.strategy)}>
            {accName(t.agent.strategy)} {metrics.acc ?? '–'}
          </span>
          <span className="pill">RC {metrics.rc}</span>
          <span className="pill">{plural(metrics.queries, 'query')}</span>
          <span className="muted small">
            {t.agent.strategy}
            {t.source.system && t.source.system !== t.agent.strategy ? ` · ${t.source.system}` : ''}
            {t.source.file ? ` · ${t.source.file}${t.source.line ? `:${t.source.line}` : ''}` : ''}
          </span>
        </div>
        <AnswerCorrectness t={t} metrics={metrics} />
        <ForkLineage t={t} />
        <TestModelWarning modelId={t.agent.model} />
      </div>
      <div className="traj-body">
        <div className="traj-left">
          {hasPlan && t.plan && (
            <section>
              <h3 className="section-title">
                Plan{' '}
                <TextFigureExport
                  figure={() => planFigure(t)}
                  name={`plan-${fileSlug(t.question)}`}
                  label="plan tree"
                />
              </h3>
              <PlanTree
                plan={t.plan}
                {...(planLayout ? { layout: planLayout } : {})}
                activeNode={selected?.planNode}
                onSelect={(nodeId) => {
                  const s = t.steps.find((x) => x.planNode === nodeId);
                  if (s) selectStep(s.id);
                }}
              />
            </section>
          )}
          <section>
            <h3 className="section-title">
              {hasPlan ? 'Hops by sub-question' : 'Hops by turn'}{' '}
              <span className="muted small">{plural(t.steps.length, 'step')}</span>{' '}
              {t.steps.length > 0 && (
                <TextFigureExport
                  figure={() => timelineFigure(t)}
                  name={`timeline-${fileSlug(t.question)}`}
                  label="hop timeline"
                />
              )}
            </h3>
            {t.steps.length === 0 ? (
              <p className="muted">This trajectory has no steps.</p>
            ) : (
              <Timeline
                trajectory={t}
                selected={selected?.id}
                onSelect={selectStep}
                annotations={annotations}
                flags={flags}
                dimBefore={t.lineage?.replayed ?? 0}
                marks={marks}
              />
            )}
          </section>
        </div>
        <aside className="traj-right">
          <div className="tabs" role="tablist">
            {(['step', 'diagnose', 'metrics', 'rewards', 'transcript'] as const).map((x) => (
              <button
                key={x}
                type="button"
                role="tab"
                aria-selected={tab === x}
                className={tab === x ? 'active' : ''}
                onClick={() => setTab(x)}
              >
                {x === 'step'
                  ? 'Step'
                  : x === 'diagnose'
                    ? 'Diagnose (d)'
                    : x === 'metrics'
                      ? 'Metrics (m)'
                      : x === 'rewards'
                        ? 'Rewards (r)'
                        : 'Transcript (t)'}
              </button>
            ))}
          </div>
          {tab === 'step' && selected && (
            <button
              type="button"
              className="fork-here"
              data-testid="fork-here"
              onClick={() => setForkAt(selected.id)}
              title="Change this step (or ask a what-if) and continue with a model of your choice (F)"
            >
              Fork here… <kbd>F</kbd>
            </button>
          )}
          {tab === 'step' && selected && (
            <StepPanel
              step={selected}
              annotations={annotations}
              annotator={annotator}
              saveState={saveState}
              saveError={saveError}
              onToggle={(label) => apply(toggleLabel(annotations, annotator, t.id, selected.id, label))}
              onNote={(note) => apply({ op: 'note', trajectoryId: t.id, stepId: selected.id, note })}
              noteFocusSignal={noteFocus}
              needAnnotator={needAnnotator}
            />
          )}
          {tab === 'diagnose' && (
            <DiagnosisPanel
              t={t}
              d={diagnosis}
              annotations={annotations}
              annotator={annotator}
              onSelectStep={selectStep}
              probeRun={probeRun}
            />
          )}
          {tab === 'metrics' && (
            <MetricsPanel
              planRewrite={planRewrite}
              trajectory={t}
              metrics={metrics}
              flags={flags}
              onSelectStep={(sid) => {
                setTab('step');
                selectStep(sid);
              }}
            />
          )}
          {tab === 'rewards' && (
            <RewardsPanel
              t={t}
              onSelectStep={(sid) => {
                setTab('step');
                selectStep(sid);
              }}
            />
          )}
          {tab === 'transcript' && <Transcript t={t} onSelectStep={selectStep} selected={selected?.id} />}
        </aside>
      </div>
      {forkAt && t.steps.some((s) => s.id === forkAt) && (
        <ForkPanel parent={t} step={t.steps.find((s) => s.id === forkAt)!} onClose={() => setForkAt(null)} />
      )}
    </div>
  );
}

function Transcript({
  t,
  selected,
  onSelectStep,
}: {
  t: Trajectory;
  selected: string | undefined;
  onSelectStep: (id: string) => void;
}) {
  return (
    <div className="transcript" data-testid="transcript">
      {t.steps.map((s) => (
        <div
          key={s.id}
          className={`tx-step kind-${s.kind}${s.id === selected ? ' selected' : ''}`}
          onClick={() => onSelectStep(s.id)}
        >
          <div className="muted small">
            {stepNumber(s)}. {s.kind}
          </div>
          <LongText text={s.raw ?? s.text ?? (s.queries ?? []).join(' | ')} className="mono" />
        </div>
      ))}
      {t.raw && (
        <details>
          <summary>Original record</summary>
          <LongText text={t.raw} className="mono" />
        </details>
      )}
    </div>
  );
}
