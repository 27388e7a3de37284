// The model probes of one trajectory (app/core/diagnose/probes.ts) on the Diagnose tab: which
// probes to run, the model that answers them (the Run page's), progress and Stop, and every
// verdict with the probe that produced it and its evidence, one click from its step.
import { useEffect, useState } from 'react';
import { PROBE_INFO, PROBE_KINDS, type ProbeKind, type ProbeVerdict } from '../../../core/diagnose/probes';
import type { Trajectory } from '../../../core/schema/trajectory';
import { useCachedProbes, useProbeRun } from '../../data/judges/probes';

const LABEL: Record<ProbeVerdict['kind'], string> = {
  'over-search': 'over-search',
  'under-search': 'under-search',
  sufficiency: 'sufficient',
  necessary: 'necessary',
};

export function ProbesPanel({
  t,
  onSelectStep,
  runSignal,
}: {
  t: Trajectory;
  onSelectStep: (id: string) => void;
  /** Changes when the page's key (B) asks to run the probes. */
  runSignal: number;
}) {
  const [kinds, setKinds] = useState<readonly ProbeKind[]>(PROBE_KINDS);
  const cached = useCachedProbes(t, kinds);
  const { state, probe, stop } = useProbeRun(t);
  useEffect(() => {
    if (runSignal > 0) probe(kinds);
    // Only a new signal runs the probes, not a change of selection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runSignal]);
  // The cached read refreshes when the run announces its replies, and follows the chosen probes.
  const result = cached.result ?? state.result;
  // A reason found while running (a server that cannot score) is not in the cache: keep it shown.
  const skipped = [...(result?.skipped ?? []), ...(state.result?.skipped ?? [])].filter(
    (s, i, all) => kinds.includes(s.probe) && all.findIndex((x) => x.reason === s.reason) === i,
  );
  const toggle = (k: ProbeKind) =>
    setKinds((ks) => (ks.includes(k) ? ks.filter((x) => x !== k) : [...ks, k]));
  return (
    <section className="probes-panel" data-testid="probes-panel">
      <h4>Model probes</h4>
      <p className="small muted">
        Asked of <b data-testid="probe-model">{cached.model || 'no model'}</b> (the Run page&apos;s model),
        which may not be the agent&apos;s own: a verdict says what this model can do. Replies are cached per
        model and prompt.
      </p>
      <div className="probe-kinds">
        {PROBE_KINDS.map((k) => (
          <label key={k} title={PROBE_INFO[k].definition}>
            <input
              type="checkbox"
              checked={kinds.includes(k)}
              onChange={() => toggle(k)}
              data-testid={`probe-kind-${k}`}
            />{' '}
            {PROBE_INFO[k].name} <span className="muted small">({PROBE_INFO[k].source})</span>
          </label>
        ))}
      </div>
      <div className="row">
        {state.running ? (
          <>
            <button type="button" onClick={stop} data-testid="probe-stop">
              Stop
            </button>
            <span className="small" data-testid="probe-progress">
              {state.done} / {state.total} model calls
            </span>
          </>
        ) : (
          <button
            type="button"
            onClick={() => probe(kinds)}
            disabled={kinds.length === 0}
            data-testid="probe-run"
            title="Ask the model what the cache lacks (B)"
          >
            Run probes <kbd>B</kbd>
          </button>
        )}
        {result && (
          <span className="small muted" data-testid="probe-status">
            {result.calls - result.missing} of {result.calls} calls answered
            {result.cached > 0 ? ` (${result.cached} from the cache)` : ''}
          </span>
        )}
      </div>
      {state.error && (
        <p className="error small" data-testid="probe-error">
          {state.error}
        </p>
      )}
      {skipped.map((s, i) => (
        <p key={i} className="small muted" data-testid="probe-skipped">
          {PROBE_INFO[s.probe].name}: {s.reason}
        </p>
      ))}
      {result && result.verdicts.length > 0 && (
        <ol className="probe-verdicts" data-testid="probe-verdicts">
          {result.verdicts.map((v, i) => (
            <li key={i} data-probe={v.probe} data-kind={v.kind} className={`diag-${v.kind}`}>
              <span className="pill" title={PROBE_INFO[v.probe].definition}>
                {PROBE_INFO[v.probe].name}
              </span>{' '}
              {v.stepId ? (
                <button type="button" className="link" onClick={() => v.stepId && onSelectStep(v.stepId)}>
                  {v.search === undefined
                    ? 'trajectory'
                    : v.search === 0
                      ? 'before search 1'
                      : `search ${v.search}`}
                </button>
              ) : (
                <span>{v.search === 0 ? 'before search 1' : 'trajectory'}</span>
              )}{' '}
              <b>{LABEL[v.kind]}</b>
              <div className="small">{v.evidence}</div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
