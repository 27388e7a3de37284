import { useMemo } from 'react';
import { describeChange } from '../../../core/fork/describe';
import { stepNumber } from '../../../core/schema/step-number';
import type { Trajectory } from '../../../core/schema/trajectory';
import { trajectoryView } from '../../../core/view/trajectory-view';
import { useForks } from '../../data/runs/forks';
import { compareHash, navigate } from '../../state/router';
import './fork.css';

/**
 * A fork's origin ("forked from … at step N: change", replayed steps dimmed in the timeline) and
 * a trajectory's own forks, each with its answer and EM, linked to its view and to the comparison.
 */
export function ForkLineage({ t }: { t: Trajectory }) {
  const forks = useForks(t.id);
  const l = t.lineage;
  const list = useMemo(() => forks.data ?? [], [forks.data]);
  // Each fork's EM as its own view shows it (core/view).
  const ems = useMemo(() => new Map(list.map((f) => [f.id, trajectoryView(f).metrics.em])), [list]);
  if (!l && list.length === 0) return null;
  return (
    <div className="fork-lineage" data-testid="fork-lineage">
      {l && (
        <div className="fork-origin" data-testid="fork-origin">
          <span>
            Forked from{' '}
            <button
              type="button"
              className="link"
              onClick={() => navigate({ page: 'trajectory', id: l.parentId, step: null })}
            >
              {l.parentId}
            </button>{' '}
            at step {stepNumber({ index: l.stepIndex })}: <b>{describeChange(l.change)}</b>
          </span>
          <span className="muted small">
            {l.replayed > 0 ? `steps 1–${l.replayed} replayed from the parent (dimmed)` : 'nothing replayed'}
          </span>
          <span className={`pill ${l.reconstruction === 'exact' ? 'good' : ''}`} title={l.note ?? ''}>
            {l.reconstruction} prompt
          </span>
          <a className="link small" href={compareHash([l.parentId, t.id])}>
            compare with parent
          </a>
        </div>
      )}
      {list.length > 0 && (
        <details className="fork-list" open data-testid="fork-list">
          <summary>Forks ({list.length})</summary>
          <table className="small">
            <thead>
              <tr>
                <th>step</th>
                <th>change</th>
                <th>continued with</th>
                <th>answer</th>
                <th>EM</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.map((f) => {
                const em = ems.get(f.id) ?? null;
                return (
                  <tr key={f.id} data-testid="fork-row">
                    <td>{(f.lineage?.stepIndex ?? 0) + 1}</td>
                    <td>{f.lineage ? describeChange(f.lineage.change) : ''}</td>
                    <td>
                      {f.agent.strategy}
                      {f.agent.model ? ` · ${f.agent.model}` : ''}
                    </td>
                    <td>{f.answer?.text ?? '—'}</td>
                    <td className={em === 1 ? 'good' : em === 0 ? 'bad' : ''}>{em ?? '–'}</td>
                    <td>
                      <button
                        type="button"
                        className="link"
                        onClick={() => navigate({ page: 'trajectory', id: f.id, step: null })}
                      >
                        open
                      </button>{' '}
                      <a className="link" href={compareHash([t.id, f.id])}>
                        compare
                      </a>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </details>
      )}
    </div>
  );
}
