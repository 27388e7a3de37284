import type { DeltaKey, RunSummary } from '../../../core/compare/types';
import { fmtDelta, fmtPercent, fmtValue, runName, sufficiencyText } from './format';

const METRICS: Array<{ key: DeltaKey; title: string; better: 1 | 0 }> = [
  { key: 'em', title: 'EM', better: 1 },
  { key: 'f1', title: 'F1', better: 1 },
  { key: 'acc', title: 'Acc', better: 1 },
  { key: 'rc', title: 'RC', better: 0 },
  { key: 'steps', title: 'Steps', better: 0 },
];

/** One run's column head: who ran it, its answer, metrics with deltas vs run 1, sufficiency, coverage. */
export function RunHeader({
  run,
  side,
  listed,
  focused,
  onFocus,
  onJump,
  onOpen,
}: {
  run: RunSummary;
  side: number;
  /** The run's number in the list of runs it was picked from (0-based), when it was picked. */
  listed?: number;
  focused: boolean;
  onFocus: () => void;
  onJump: (row: number) => void;
  onOpen: () => void;
}) {
  const t = run.trajectory;
  const m = run.metrics;
  const suff = run.sufficiency;
  const recall = run.coverage.goldPassageRecall;
  const answerIn = run.coverage.answerRetrieved;
  return (
    <div className={`cmp-head${focused ? ' focused' : ''}`} data-testid="compare-run" onClick={onFocus}>
      <div className="cmp-head-title">
        <kbd>{side + 1}</kbd> <b>{runName(side)}</b> <span>{t.agent.strategy}</span>
        {listed !== undefined && (
          <span className="muted" data-testid="compare-run-listed">
            · #{listed + 1} in list
          </span>
        )}
        {t.source.system && t.source.system !== t.agent.strategy && (
          <span className="muted"> · {t.source.system}</span>
        )}
        {t.training && <span data-testid="compare-run-step"> · step {t.training.step}</span>}
        <button type="button" className="link small cmp-open" onClick={onOpen}>
          open
        </button>
      </div>
      <div className="muted small cmp-file" title={t.id}>
        {t.source.file
          ? `${t.source.file}${t.source.line ? `:${t.source.line}` : ''}`
          : t.source.kind === 'live'
            ? 'live run'
            : t.id}
      </div>
      <div className="cmp-answer">
        <span className="muted">Answer</span> <b data-testid="compare-answer">{t.answer?.text ?? '—'}</b>
      </div>
      <div className="cmp-metrics">
        {METRICS.map(({ key, title, better }) => {
          const d = run.deltas[key];
          const cls = better && d ? (d > 0 ? 'up' : 'down') : '';
          return (
            <span key={key} className="pill" data-testid={`metric-${key}`}>
              {title} {key === 'rc' || key === 'steps' ? m[key] : fmtValue(m[key])}
              {d !== null && <span className={`delta ${cls}`}> {fmtDelta(d)}</span>}
            </span>
          );
        })}
      </div>
      <div className="small">
        <span className="muted">Sufficient </span>
        {suff.status === 'at' ? (
          <button type="button" className="link" onClick={() => onJump(suff.row)} data-testid="sufficiency">
            {sufficiencyText(suff)}
          </button>
        ) : (
          <span data-testid="sufficiency">{sufficiencyText(suff)}</span>
        )}
      </div>
      <div className="small" data-testid="coverage">
        <span className="muted">Evidence </span>
        {recall === null ? 'no gold passages' : `gold passages ${fmtPercent(recall)}`}
        {' · '}
        {answerIn === null ? 'no gold answer' : answerIn ? 'answer in docs' : 'answer not in docs'}
      </div>
    </div>
  );
}
