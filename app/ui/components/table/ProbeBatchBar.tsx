// Model probes over the table's filtered rows, one trajectory after another with the Run page's
// model; each trajectory's verdicts are then on its Diagnose tab (cached). The summary counts, per
// probe, the trajectories it found over- or under-searching.
import { PROBE_INFO, PROBE_KINDS } from '../../../core/diagnose/probes';
import { plural } from '../../../core/plural';
import { useProbeBatch } from '../../data/judges/probes';

export function ProbeBatchBar({ ids, what }: { ids: readonly string[]; what: string }) {
  const b = useProbeBatch();
  return (
    <div className="probe-batch small" data-testid="probe-batch">
      {b.running ? (
        <>
          <span className="muted" data-testid="probe-batch-progress">
            probing {b.done}/{b.total}…
          </span>
          <button type="button" onClick={b.stop}>
            Stop
          </button>
        </>
      ) : (
        <button
          type="button"
          onClick={() => b.run(ids, PROBE_KINDS)}
          disabled={ids.length === 0}
          data-testid="probe-batch-run"
          title={`Run the four model probes with ${b.model || 'the Run page’s model'}; replies are cached, so a second run asks only what is new`}
        >
          Probe {what}
        </button>
      )}
      {b.error && <span className="error">{b.error}</span>}
      {b.report && (
        <span data-testid="probe-batch-report">
          {plural(b.report.trajectories, 'trajectory', 'trajectories')} probed ({b.report.asked} model calls):{' '}
          {PROBE_KINDS.map(
            (k) =>
              `${PROBE_INFO[k].name} ${b.report?.overSearch[k] ?? 0} over / ${b.report?.underSearch[k] ?? 0} under`,
          ).join(' · ')}
          {b.report.skipped.map((s) => (
            <span key={`${s.probe}${s.reason}`} className="muted">
              {' '}
              · {PROBE_INFO[s.probe].name} skipped on {s.count}: {s.reason}
            </span>
          ))}
        </span>
      )}
    </div>
  );
}
