import { toggleLabel } from '../../../core/annotations/change';
import { DiagnosisPanel } from '../../components/diagnose/DiagnosisPanel';
import { MetricsPanel } from '../../components/diagnose/MetricsPanel';
import { RewardsPanel } from '../../components/run/RewardsPanel';
import { StepPanel } from '../../components/timeline/StepPanel';
import { TabBar } from '../../components/trajectory/TabBar';
import { usePlanRewrite } from '../../data/corpus/plan-rewrite';
import { NeedAnnotator } from './NeedAnnotator';
import { Transcript } from './Transcript';
import { type Tab, TABS, type TrajectoryPageState } from './use-trajectory-page';

const TAB_TITLE: Record<Tab, string> = {
  step: 'Step',
  diagnose: 'Diagnose (d)',
  metrics: 'Metrics (m)',
  rewards: 'Rewards (r)',
  transcript: 'Transcript (t)',
};

/** The page's right side: the selected step with its labels, diagnosis, metrics, rewards, transcript. */
export function TrajectoryTabs({ page }: { page: TrajectoryPageState }) {
  const { t, view, tab, selected, annotations, annotator, apply, selectStep } = page;
  const planRewrite = usePlanRewrite(t.gold?.plan);
  /** A step picked in another tab opens in the step tab. */
  const showStep = (sid: string) => {
    page.setTab('step');
    selectStep(sid);
  };
  return (
    <aside className="traj-right">
      <TabBar tabs={TABS} titles={TAB_TITLE} open={tab} onOpen={page.setTab} />
      {tab === 'step' && selected && (
        <button
          type="button"
          className="fork-here"
          data-testid="fork-here"
          onClick={() => page.setForkAt(selected.id)}
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
          saveState={page.save.state}
          saveError={page.save.error}
          onToggle={(label) => apply(toggleLabel(annotations, annotator, t.id, selected.id, label))}
          onNote={(note) => apply({ op: 'note', trajectoryId: t.id, stepId: selected.id, note })}
          noteFocusSignal={page.noteFocus}
          needAnnotator={<NeedAnnotator />}
        />
      )}
      {tab === 'diagnose' && (
        <DiagnosisPanel
          t={t}
          d={view.diagnosis}
          annotations={annotations}
          annotator={annotator}
          onSelectStep={selectStep}
          probeRun={page.probeRun}
        />
      )}
      {tab === 'metrics' && (
        <MetricsPanel
          planRewrite={planRewrite}
          trajectory={t}
          metrics={view.metrics}
          flags={view.flags}
          onSelectStep={showStep}
        />
      )}
      {tab === 'rewards' && <RewardsPanel t={t} onSelectStep={showStep} />}
      {tab === 'transcript' && <Transcript t={t} onSelectStep={selectStep} selected={selected?.id} />}
    </aside>
  );
}
