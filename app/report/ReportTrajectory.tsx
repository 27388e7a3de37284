import { useEffect, useMemo, useState } from 'react';
import type { Annotation } from '../core/annotations/annotation';
import { flagTrajectory } from '../core/metrics/flags';
import { accHint, accName } from '../core/metrics/labels';
import { trajectoryMetrics } from '../core/metrics/trajectory-metrics';
import { plural } from '../core/plural';
import { computeRewards } from '../core/rewards/registry';
import type { RewardResult } from '../core/rewards/types';
import { stepByRef, stepNumber } from '../core/schema/step-number';
import type { Trajectory } from '../core/schema/trajectory';
import { LongText } from '../ui/components/LongText';
import { MetricsPanel } from '../ui/components/MetricsPanel';
import { PlanTree } from '../ui/components/PlanTree';
import { RewardCard } from '../ui/components/run/RewardCard';
import { Timeline } from '../ui/components/Timeline';
import { isTyping } from '../ui/keyboard';
import { navigate } from '../ui/state/router';
import { useUi } from '../ui/state/ui-store';
import { ReportStep } from './ReportStep';

type Tab = 'step' | 'metrics' | 'rewards';
const TAB_TITLE: Record<Tab, string> = { step: 'Step', metrics: 'Metrics (m)', rewards: 'Rewards (r)' };

/** One trajectory in the report: the app's plan tree, timeline and panels, read-only. */
export function ReportTrajectory({
  t,
  stepRef,
  annotations,
  order,
}: {
  t: Trajectory;
  stepRef: string | null;
  annotations: readonly Annotation[];
  order: readonly string[];
}) {
  const [tab, setTab] = useState<Tab>('step');
  const metrics = useMemo(() => trajectoryMetrics(t), [t]);
  const flags = useMemo(() => flagTrajectory(t, metrics), [t, metrics]);
  const rewards = useRewards(t);
  const selected = stepByRef(t, stepRef) ?? t.steps[0];
  const pos = order.indexOf(t.id);
  const verdicts = annotations.filter((a) => a.stepId === undefined);

  const selectStep = (sid: string) => {
    const s = t.steps.find((x) => x.id === sid);
    if (s) navigate({ page: 'trajectory', id: t.id, step: String(stepNumber(s)) }, { replace: true });
  };
  const goTrajectory = (d: number) => {
    const next = order[pos + d];
    if (next) navigate({ page: 'trajectory', id: next, step: null });
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e) || e.ctrlKey || e.metaKey || e.altKey || useUi.getState().helpOpen) return;
      const k = e.key;
      const move = (d: number) => {
        const i = selected ? selected.index + d : 0;
        const s = t.steps[Math.max(0, Math.min(t.steps.length - 1, i))];
        if (s) selectStep(s.id);
      };
      if (k === 'j' || k === 'ArrowDown') move(1);
      else if (k === 'k' || k === 'ArrowUp') move(-1);
      else if (k === 'n' || k === ']') goTrajectory(1);
      else if (k === 'p' || k === '[') goTrajectory(-1);
      else if (k === 'P') navigate({ page: 'present', id: t.id });
      else if (k === 'm') setTab(tab === 'metrics' ? 'step' : 'metrics');
      else if (k === 'r') setTab(tab === 'rewards' ? 'step' : 'rewards');
      else if (k === 'Escape') navigate({ page: 'trajectories' });
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const hasPlan = (t.plan?.length ?? 0) > 0;
  return (
    <div className="trajectory">
      <div className="traj-head">
        <div className="row">
          <button
            type="button"
            onClick={() => navigate({ page: 'trajectories' })}
            title="Back to the table (Esc)"
          >
            ← Table
          </button>
          <button type="button" disabled={pos <= 0} onClick={() => goTrajectory(-1)} title="Previous (p)">
            ‹ Prev
          </button>
          <button
            type="button"
            disabled={pos < 0 || pos >= order.length - 1}
            onClick={() => goTrajectory(1)}
            title="Next (n)"
          >
            Next ›
          </button>
          {pos >= 0 && (
            <span className="muted small">
              {pos + 1} / {order.length}
            </span>
          )}
          <button
            type="button"
            data-testid="present"
            onClick={() => navigate({ page: 'present', id: t.id })}
            title="Replay this trajectory for an audience (P)"
          >
            ▶ Present <kbd>P</kbd>
          </button>
          <div className="spacer" />
          {verdicts.map((a) => (
            <span key={a.id} className="pill" data-testid="verdict" title={a.note}>
              {a.annotator}: {a.label.replace('verdict:', '')}
            </span>
          ))}
        </div>
        <h1 className="question" data-testid="question">
          <LongText text={t.question} limit={600} />
        </h1>
        <div className="answer-line">
          <span>
            <span className="muted">Answer</span> <b data-testid="answer">{t.answer?.text ?? '—'}</b>
          </span>
          <span>
            <span className="muted">Gold</span> {(t.gold?.answers ?? []).join(' | ') || '—'}
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
            {t.agent.model ? ` · ${t.agent.model}` : ''}
            {t.source.file ? ` · ${t.source.file}${t.source.line ? `:${t.source.line}` : ''}` : ''}
          </span>
        </div>
      </div>
      <div className="traj-body">
        <div className="traj-left">
          {hasPlan && t.plan && (
            <section>
              <h3 className="section-title">Plan</h3>
              <PlanTree
                plan={t.plan}
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
              <span className="muted small">{plural(t.steps.length, 'step')}</span>
            </h3>
            <Timeline
              trajectory={t}
              selected={selected?.id}
              onSelect={selectStep}
              annotations={annotations}
              flags={flags}
            />
          </section>
        </div>
        <aside className="traj-right">
          <div className="tabs" role="tablist">
            {(['step', 'metrics', 'rewards'] as const).map((x) => (
              <button
                key={x}
                type="button"
                role="tab"
                aria-selected={tab === x}
                className={tab === x ? 'active' : ''}
                onClick={() => setTab(x)}
              >
                {TAB_TITLE[x]}
              </button>
            ))}
          </div>
          {tab === 'step' && selected && <ReportStep step={selected} annotations={annotations} />}
          {tab === 'metrics' && (
            <MetricsPanel trajectory={t} metrics={metrics} flags={flags} onSelectStep={selectStep} />
          )}
          {tab === 'rewards' && (
            <div className="rewards" data-testid="rewards-panel">
              <p className="muted small">
                Computed from the trajectory when the report opened; rewards that need an embedding model or
                an LLM show – here (open the log in Hopscope to compute them).
              </p>
              {rewards === null && <p className="muted">Computing…</p>}
              {(rewards ?? []).map((r) => (
                <RewardCard
                  key={r.id}
                  r={r}
                  stepLabel={(id) => t.steps.find((s) => s.id === id)}
                  onSelectStep={selectStep}
                />
              ))}
            </div>
          )}
        </aside>
      </div>
    </div>
  );
}

/** The papers' rewards without a model (the same registry the app's Rewards tab runs). */
function useRewards(t: Trajectory): RewardResult[] | null {
  const [out, setOut] = useState<{ id: string; list: RewardResult[] } | null>(null);
  useEffect(() => {
    let live = true;
    computeRewards(t).then(
      (list) => live && setOut({ id: t.id, list }),
      () => live && setOut({ id: t.id, list: [] }),
    );
    return () => {
      live = false;
    };
  }, [t]);
  return out?.id === t.id ? out.list : null;
}
