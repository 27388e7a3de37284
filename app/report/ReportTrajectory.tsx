import { useEffect, useMemo, useState } from 'react';
import type { Annotation } from '../core/annotations/annotation';
import type { RewardResult } from '../core/rewards/types';
import { stepByRef } from '../core/schema/step-number';
import type { Trajectory } from '../core/schema/trajectory';
import { type TrajectoryView, trajectoryView, viewRewards } from '../core/view/trajectory-view';
import { MetricsPanel } from '../ui/components/diagnose/MetricsPanel';
import { RewardCard } from '../ui/components/run/RewardCard';
import { TabBar } from '../ui/components/trajectory/TabBar';
import { TrajectoryHeader } from '../ui/components/trajectory/TrajectoryHeader';
import { TrajectoryHops } from '../ui/components/trajectory/TrajectoryHops';
import { moveKey, openStep } from '../ui/components/trajectory/trajectory-keys';
import { isTyping } from '../ui/keyboard';
import { navigate } from '../ui/state/router';
import { useUi } from '../ui/state/ui-store';
import { ReportStep } from './ReportStep';

type Tab = 'step' | 'metrics' | 'rewards';
const REPORT_TABS: readonly Tab[] = ['step', 'metrics', 'rewards'];
const TAB_TITLE: Record<Tab, string> = { step: 'Step', metrics: 'Metrics (m)', rewards: 'Rewards (r)' };

/**
 * One trajectory in the report: the app's header, plan tree, timeline and panels, read-only, on
 * the trajectory's view (core/view) as every screen derives it.
 */
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
  const view = useMemo(() => trajectoryView(t), [t]);
  const { metrics, flags } = view;
  const rewards = useRewards(view);
  const selected = stepByRef(t, stepRef) ?? t.steps[0];
  const pos = order.indexOf(t.id);
  const verdicts = annotations.filter((a) => a.stepId === undefined);

  const selectStep = (sid: string) => openStep(t, sid);
  const goTrajectory = (d: number) => {
    const next = order[pos + d];
    if (next) navigate({ page: 'trajectory', id: next, step: null });
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e) || e.ctrlKey || e.metaKey || e.altKey || useUi.getState().helpOpen) return;
      const k = e.key;
      if (k === 'm') setTab(tab === 'metrics' ? 'step' : 'metrics');
      else if (k === 'r') setTab(tab === 'rewards' ? 'step' : 'rewards');
      else if (!moveKey(k, t, selected, goTrajectory)) return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <div className="trajectory">
      <TrajectoryHeader
        view={view}
        nav={{ pos, count: order.length, go: goTrajectory, backTo: 'Table' }}
        aside={verdicts.map((a) => (
          <span key={a.id} className="pill" data-testid="verdict" title={a.note}>
            {a.annotator}: {a.label.replace('verdict:', '')}
          </span>
        ))}
      />
      <div className="traj-body">
        <TrajectoryHops view={view} selected={selected} annotations={annotations} onSelectStep={selectStep} />
        <aside className="traj-right">
          <TabBar tabs={REPORT_TABS} titles={TAB_TITLE} open={tab} onOpen={setTab} />
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
function useRewards(view: TrajectoryView): RewardResult[] | null {
  const [out, setOut] = useState<{ view: TrajectoryView; list: RewardResult[] } | null>(null);
  useEffect(() => {
    let live = true;
    viewRewards(view).then(
      (list) => live && setOut({ view, list }),
      () => live && setOut({ view, list: [] }),
    );
    return () => {
      live = false;
    };
  }, [view]);
  return out?.view === view ? out.list : null;
}
