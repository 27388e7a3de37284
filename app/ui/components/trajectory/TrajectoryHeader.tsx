import type { ReactNode } from 'react';
import { accHint, accName } from '../../../core/metrics/labels';
import { plural } from '../../../core/plural';
import type { TrajectoryView } from '../../../core/view/trajectory-view';
import { navigate } from '../../state/router';
import { LongText } from '../LongText';

/** Where a trajectory stands among the ones the table shows, and how to move to its neighbours. */
export interface TrajectoryNav {
  /** Its position in `count` (-1 when the table does not show it). */
  pos: number;
  count: number;
  go: (delta: number) => void;
  /** The back button's words: the app's table is "Trajectories", the report's "Table". */
  backTo: string;
}

/**
 * A trajectory's header, in the app and in the report alike: back / previous / next / present,
 * the question, and the answer line with the view's gold and numbers (core/view).
 */
export function TrajectoryHeader({
  view,
  nav,
  actions,
  aside,
  children,
}: {
  view: Pick<TrajectoryView, 'trajectory' | 'metrics' | 'goldFrom'>;
  nav: TrajectoryNav;
  /** Buttons after Present (the app's copy and runs-of-question buttons). */
  actions?: ReactNode;
  /** The right end of the first row (verdicts). */
  aside?: ReactNode;
  /** Under the answer line (the app's correctness, lineage, model warning). */
  children?: ReactNode;
}) {
  const { trajectory: t, metrics, goldFrom } = view;
  const { pos, count, go, backTo } = nav;
  return (
    <div className="traj-head">
      <div className="row">
        <button
          type="button"
          onClick={() => navigate({ page: 'trajectories' })}
          title={`Back to the ${backTo.toLowerCase()} (Esc)`}
        >
          ← {backTo}
        </button>
        <button type="button" disabled={pos <= 0} onClick={() => go(-1)} title="Previous trajectory (p)">
          ‹ Prev
        </button>
        <button
          type="button"
          disabled={pos < 0 || pos >= count - 1}
          onClick={() => go(1)}
          title="Next trajectory (n)"
        >
          Next ›
        </button>
        {pos >= 0 && (
          <span className="muted small">
            {pos + 1} / {count}
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
        {actions}
        <div className="spacer" />
        {aside}
      </div>
      <h1 className="question" data-testid="question">
        <LongText text={t.question} limit={600} />
      </h1>
      <div className="answer-line">
        <span>
          <span className="muted">Answer</span>{' '}
          <b data-testid="answer">{t.answer ? <LongText inline text={t.answer.text} limit={600} /> : '—'}</b>
          {t.answer?.confidence !== undefined && (
            <span className="muted"> (confidence {t.answer.confidence.toFixed(2)})</span>
          )}
        </span>
        <span>
          <span className="muted">Gold</span>{' '}
          <LongText inline text={(t.gold?.answers ?? []).join(' | ') || '—'} limit={600} />
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
        <span className="muted small">{runLine(t)}</span>
      </div>
      {children}
    </div>
  );
}

/** Strategy, system and model (each once), and the file and line it came from. */
function runLine(t: TrajectoryView['trajectory']): string {
  const names = [t.agent.strategy, t.source.system, t.agent.model].filter((x): x is string => !!x);
  const file = t.source.file ? `${t.source.file}${t.source.line ? `:${t.source.line}` : ''}` : '';
  return [...new Set(names), ...(file ? [file] : [])].join(' · ');
}
