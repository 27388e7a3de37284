import {
  CORRECTNESS_SIGNALS,
  type CorrectnessSignal,
  SIGNAL_HINTS,
  SIGNAL_NAMES,
} from '../../../core/judge/correctness';
import { useEffect } from 'react';
import type { JudgeTarget } from '../../../services/judges/judge';
import { isTyping } from '../../keyboard';
import { useUi } from '../../state/ui-store';
import { useJudgeIdentity, useJudgeRun } from '../../data/judges/judge';
import { useCorrectnessState } from '../../state/correctness';
import { JudgePromptEditor } from './JudgePromptEditor';

/**
 * "Correct by: [EM ▾]" and, under the LLM judge, a button that judges `ts` (one trajectory, or a
 * whole batch / filter) with the model configured on the Run page. `what` names them in the button.
 */
export function CorrectnessBar({
  ts,
  what,
  hotkey = false,
}: {
  ts: JudgeTarget;
  what: string;
  /** J judges `ts` (choosing the LLM judge first); one bar per page should take it. */
  hotkey?: boolean;
}) {
  const signal = useCorrectnessState((s) => s.signal);
  const setSignal = useCorrectnessState((s) => s.setSignal);
  const judge = useJudgeIdentity();
  const run = useJudgeRun();
  const s = run.state;
  useEffect(() => {
    if (!hotkey) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'J' || isTyping(e) || e.ctrlKey || e.metaKey || e.altKey) return;
      const ui = useUi.getState();
      if (ui.helpOpen || ui.importOpen || s.running) return;
      e.preventDefault();
      setSignal('llm-judge');
      run.judge(ts);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  return (
    <div className="correctness-bar small" data-testid="correctness-bar">
      <label title={SIGNAL_HINTS[signal]}>
        Correct by{' '}
        <select
          value={signal}
          onChange={(e) => setSignal(e.target.value as CorrectnessSignal)}
          data-testid="correctness-signal"
        >
          {CORRECTNESS_SIGNALS.map((x) => (
            <option key={x} value={x} title={SIGNAL_HINTS[x]}>
              {SIGNAL_NAMES[x]}
            </option>
          ))}
        </select>
      </label>
      {signal === 'llm-judge' && (
        <>
          {s.running ? (
            <>
              <span className="muted" data-testid="judge-progress">
                judging {s.done}/{s.total}…
              </span>
              <button type="button" onClick={run.stop}>
                Stop
              </button>
            </>
          ) : (
            <button
              type="button"
              onClick={() => run.judge(ts)}
              disabled={('ids' in ts ? ts.ids : ts).length === 0}
              data-testid="judge-button"
              title="Judge the final answers against the gold with the configured model (Learning When to Search, appendix B.4); verdicts are cached per question, answer, gold and judge model"
            >
              Judge {what} with {judge.label}
              {hotkey && <kbd>J</kbd>}
            </button>
          )}
          {s.report && !s.running && (
            <span className="muted" data-testid="judge-report">
              {s.report.judged} judged, {s.report.cached} cached
              {s.report.skipped > 0 ? `, ${s.report.skipped} without answer or gold` : ''}
              {s.report.unparsed > 0 && (
                <span className="error-text">
                  {' '}
                  · {s.report.unparsed} replies neither YES nor NO (first: “{s.report.firstUnparsed}”)
                </span>
              )}
            </span>
          )}
          {s.error && <span className="error-text"> {s.error}</span>}
          <JudgePromptEditor />
        </>
      )}
    </div>
  );
}
