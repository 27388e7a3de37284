// The trajectory page's state and actions: which tab and step are shown, where the trajectory
// stands among the table's, the reader's labels and verdict and how they are saved, the fork
// panel. The page's parts (header, hops, tabs, keys) read it; none keeps state of its own.
import { useEffect, useState } from 'react';
import { SUFFICIENT_PREFIX, sufficientOf } from '../../../core/annotations/annotation';
import { stepByRef, stepNumber } from '../../../core/schema/step-number';
import { explainStorageError } from '../../../services/storage/storage-health';
import type { SaveState } from '../../components/timeline/StepPanel';
import { openStep } from '../../components/trajectory/trajectory-keys';
import { labelQueueState } from '../../data/judges/calibration';
import { type CopyFormat, copyTrajectory } from '../../data/export/copy-trajectory';
import { type AnnotationChange, useAnnotate, useTrajectoryAnnotations } from '../../data/queries';
import { useTableIds } from '../../data/trajectories/table-view';
import type { TrajectoryView } from '../../data/trajectories/trajectory-view';
import { navigate } from '../../state/router';
import { useUi } from '../../state/ui-store';

export type Tab = 'step' | 'diagnose' | 'metrics' | 'rewards' | 'transcript';
export const TABS: readonly Tab[] = ['step', 'diagnose', 'metrics', 'rewards', 'transcript'];

const NO_ANNOTATIONS: never[] = [];

export function useTrajectoryPage(view: TrajectoryView, stepRef: string | null) {
  const t = view.trajectory;
  const annotator = useUi((s) => s.annotator);
  const visibleIds = useUi((s) => s.visibleIds);
  // Before the table has shown a view: every row, in id order, from the table worker.
  const rowIds = useTableIds(visibleIds.length === 0);
  const ann = useTrajectoryAnnotations(t.id);
  const annotate = useAnnotate(annotator);
  const [tab, setTab] = useState<Tab>('step');
  /** Bumped by `e`: the step panel's note takes the focus. */
  const [noteFocus, setNoteFocus] = useState(0);
  /** Bumped by B: the Diagnose tab's probes run with the configured model. */
  const [probeRun, setProbeRun] = useState(0);
  const [save, setSave] = useState<{ state: SaveState; error: string | null }>({
    state: 'idle',
    error: null,
  });
  /** The step the fork panel is open on (F). */
  const [forkAt, setForkAt] = useState<string | null>(null);

  const annotations = ann.data ?? NO_ANNOTATIONS;
  const selected = stepByRef(t, stepRef) ?? t.steps[0];
  const order = visibleIds.length > 0 ? visibleIds : (rowIds.data ?? []);
  const pos = order.indexOf(t.id);
  const mine = annotations.filter((a) => a.annotator === annotator && a.stepId === undefined);
  const mySufficient = mine.find((a) => sufficientOf(a.label) !== undefined)?.label;
  const myVerdict = mine.find((a) => a.label.startsWith('verdict:'))?.label.slice('verdict:'.length);
  /** The sufficiency point at the selected step: searches up to and including it. */
  const pointAtSelected = selected
    ? t.steps.filter((s) => s.kind === 'search' && s.index <= selected.index).length
    : 0;

  const apply = (c: AnnotationChange) => {
    setSave({ state: 'saving', error: null });
    annotate.mutate(c, {
      onSuccess: () => setSave({ state: 'saved', error: null }),
      onError: (e) => {
        setSave({ state: 'error', error: String((e as Error).message ?? e) });
        // A full disk names usage, quota and what can be deleted (estimate is async).
        void explainStorageError(e).then((error) => setSave({ state: 'error', error }));
      },
    });
  };

  const selectStep = (sid: string) => openStep(t, sid);

  // An old link (`#/t/<id>/s3`) opens its step; the address then shows the number on screen.
  useEffect(() => {
    if (selected && stepRef !== null && !/^\d+$/.test(stepRef) && stepByRef(t, stepRef) === selected)
      navigate({ page: 'trajectory', id: t.id, step: String(stepNumber(selected)) }, { replace: true });
  }, [t, stepRef, selected]);

  return {
    view,
    t,
    annotator,
    annotations,
    selected,
    order,
    pos,
    tab,
    save,
    noteFocus,
    probeRun,
    forkAt,
    myVerdict,
    pointAtSelected,
    apply,
    selectStep,
    setForkAt,
    /** Opens `x`, or goes back to the step tab when `x` is open (the tabs' keys toggle). */
    toggleTab: (x: Tab) => setTab(tab === x ? 'step' : x),
    setTab,
    focusNote: () => {
      setTab('step');
      setNoteFocus((n) => n + 1);
    },
    runProbes: () => {
      setTab('diagnose');
      setProbeRun((n) => n + 1);
    },
    goTrajectory: (delta: number) => {
      const next = order[pos + delta];
      if (next) {
        useUi.getState().setCursor(pos + delta);
        navigate({ page: 'trajectory', id: next, step: null });
      }
    },
    setVerdict: (verdict: string) =>
      apply({ op: 'verdict', trajectoryId: t.id, verdict: myVerdict === verdict ? null : verdict }),
    setSufficient: (label: string) =>
      apply({
        op: 'slot',
        trajectoryId: t.id,
        prefix: SUFFICIENT_PREFIX,
        label: mySufficient === label ? null : label,
      }),
    nextToLabel: async () => {
      const q = await labelQueueState(annotator, t.id);
      if (q.next) navigate({ page: 'trajectory', id: q.next.id, step: null });
      else useUi.getState().setToast('Nothing left to label.');
    },
    copyAs: async (format: CopyFormat) =>
      useUi.getState().setToast(await copyTrajectory(format, t, view.metrics)),
  };
}

export type TrajectoryPageState = ReturnType<typeof useTrajectoryPage>;
