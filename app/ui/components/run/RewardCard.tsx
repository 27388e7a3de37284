import { type ReactNode, useState } from 'react';
import type { RewardResult } from '../../../core/rewards/types';
import { stepNumber } from '../../../core/schema/step-number';

const fmt = (v: number | null) => (v === null ? '–' : Number.isInteger(v) ? String(v) : v.toFixed(3));

/**
 * One paper's reward: value and formula; opened, its inputs, per-step shares and matched pairs.
 * `signalNote`: shown right under the value when the paper judges correctness with an LLM and the
 * value did not (`r.notPapersJudge`).
 */
export function RewardCard({
  r,
  stepLabel,
  onSelectStep,
  signalNote,
}: {
  r: RewardResult;
  stepLabel: (id: string) => { index: number; kind: string } | undefined;
  onSelectStep?: ((id: string) => void) | undefined;
  signalNote?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <section className={`reward ${r.value === null ? 'na' : ''}`} data-testid="reward" data-reward={r.id}>
      <button type="button" className="reward-head" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span className="reward-label">
          {r.label}
          {typeof r.inputs.correctness === 'string' && (
            <span className="muted small" data-testid="reward-signal">
              {' '}
              · correct by {r.inputs.correctness}
            </span>
          )}
        </span>
        <span className="reward-value" data-testid="reward-value">
          {fmt(r.value)}
        </span>
      </button>
      {signalNote}
      <div className="reward-formula mono small">{r.formula}</div>
      {r.note && <div className="muted small">{r.note}</div>}
      {open && (
        <div className="reward-detail small">
          <div className="muted">{r.paper}</div>
          {Object.keys(r.inputs).length > 0 && (
            <table className="metrics">
              <tbody>
                {Object.entries(r.inputs).map(([k, v]) => (
                  <tr key={k}>
                    <th>{k}</th>
                    <td>{v === null ? '–' : String(v)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {r.steps && r.steps.length > 0 && (
            <>
              <h5>Per step</h5>
              <ul className="reward-steps">
                {r.steps.map((s) => {
                  const st = stepLabel(s.stepId);
                  return (
                    <li key={s.stepId}>
                      <button type="button" className="link" onClick={() => onSelectStep?.(s.stepId)}>
                        step {st ? stepNumber(st) : s.stepId} {st?.kind}
                      </button>{' '}
                      <span className="mono">{fmt(s.value)}</span> <span className="muted">{s.detail}</span>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
          {r.pairs && r.pairs.length > 0 && (
            <>
              <h5>Matched sub-questions</h5>
              <ul className="reward-steps">
                {r.pairs.map((p, i) => (
                  <li key={i} className={p.kept ? '' : 'muted'}>
                    {p.left} ↔ {p.right} <span className="mono">cos {p.score.toFixed(3)}</span>
                    {p.kept ? '' : ' (below τ)'}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
