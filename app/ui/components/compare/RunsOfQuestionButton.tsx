// The trajectory view's way into the compare view: every stored run of the same question.
import { useEffect } from 'react';
import type { Trajectory } from '../../../core/schema/trajectory';
import { useRunsOfQuestion } from '../../data/runs/compare';
import { isTyping } from '../../keyboard';
import { openCompare } from '../../state/compare-selection';
import { useUi } from '../../state/ui-store';

const NONE: string[] = [];

export function RunsOfQuestionButton({ t }: { t: Pick<Trajectory, 'id' | 'question'> }) {
  const q = useRunsOfQuestion(t);
  const ids = q.data ?? NONE;
  const can = ids.length >= 2;

  useEffect(() => {
    if (!can) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'c' || isTyping(e) || e.ctrlKey || e.metaKey || e.altKey) return;
      const ui = useUi.getState();
      if (ui.helpOpen || ui.importOpen) return;
      e.preventDefault();
      openCompare(ids);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [can, ids]);

  return (
    <button
      type="button"
      disabled={!can}
      onClick={() => openCompare(ids)}
      title={
        can ? 'Compare every run of this question side by side (c)' : 'No other stored run asks this question'
      }
      data-testid="runs-of-question"
    >
      All runs of this question ({q.data ? ids.length : '…'})
    </button>
  );
}
