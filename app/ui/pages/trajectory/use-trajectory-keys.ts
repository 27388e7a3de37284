// The trajectory page's keys: the moves it shares with the report (trajectory-keys.ts), then
// tabs, labels, verdicts, fork and copy.
import { useEffect } from 'react';
import { STEP_LABELS, sufficientLabel, VERDICTS } from '../../../core/annotations/annotation';
import { toggleLabel } from '../../../core/annotations/change';
import { moveKey } from '../../components/trajectory/trajectory-keys';
import { isTyping } from '../../keyboard';
import { useCorrectnessState } from '../../state/correctness';
import { useUi } from '../../state/ui-store';
import type { TrajectoryPageState } from './use-trajectory-page';

/** Listens while the page shows; each press reads the page's state of the last render. */
export function useTrajectoryKeys(page: TrajectoryPageState): void {
  useEffect(() => {
    const { t, selected, annotator, annotations } = page;
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e) || e.ctrlKey || e.metaKey || e.altKey) return;
      const ui = useUi.getState();
      if (ui.helpOpen || ui.importOpen || page.forkAt) return;
      const k = e.key;
      if (moveKey(k, t, selected, page.goTrajectory)) {
        e.preventDefault();
        return;
      }
      if (k === 'F' && selected) page.setForkAt(selected.id);
      else if (k === 'M') void page.copyAs('markdown');
      else if (k === 'Y') void page.copyAs('json');
      else if (k === 't') page.toggleTab('transcript');
      else if (k === 'm') page.toggleTab('metrics');
      else if (k === 'r') page.toggleTab('rewards');
      else if (k === 'S') useCorrectnessState.getState().cycleSignal();
      else if (k === 'd') page.toggleTab('diagnose');
      else if (k === 'B') page.runProbes();
      else if (
        !annotator &&
        (STEP_LABELS.some((l) => l.key === k) || k === 'e' || k === '0' || k === '-' || k === 'Q')
      ) {
        page.setTab('step');
        document.getElementById('annotator-name')?.focus();
      } else if (k === '0') page.setSufficient(sufficientLabel(page.pointAtSelected));
      else if (k === '-') page.setSufficient(sufficientLabel(null));
      else if (k === 'Q') void page.nextToLabel();
      else if (k === 'e' && selected) page.focusNote();
      else {
        const label = STEP_LABELS.find((l) => l.key === k);
        const verdict = VERDICTS.find((v) => v.key === k);
        if (label && selected) page.apply(toggleLabel(annotations, annotator, t.id, selected.id, label.id));
        else if (verdict && annotator) page.setVerdict(verdict.id);
        else return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}
