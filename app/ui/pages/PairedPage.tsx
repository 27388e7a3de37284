import { PAIRED_METRIC_LABELS, PAIRED_METRICS, type PairedMetric } from '../../core/compare/paired';
import type { RunGroup } from '../../core/compare/groups';
import { FlipList } from '../components/paired/FlipList';
import { PairedSummary } from '../components/paired/PairedSummary';
import '../components/paired/paired.css';
import { usePairedComparison, useRunGroups } from '../data/runs/paired';
import { usePairedUi } from '../state/paired-ui';

/** "Compare logs": two runs over the same questions, paired, with the tests that say whether B beats A. */
export function PairedPage() {
  const groups = useRunGroups();
  const { a, b, metric, cursor, set } = usePairedUi();
  const cmp = usePairedComparison(a, b, metric);
  const list = groups.data ?? [];
  return (
    <div className="paired-page">
      <section className="card paired-pick">
        <h3>Compare logs</h3>
        <div className="form-grid">
          <GroupSelect label="A" value={a} groups={list} onChange={(v) => set({ a: v, cursor: 0 })} />
          <GroupSelect label="B" value={b} groups={list} onChange={(v) => set({ b: v, cursor: 0 })} />
          <label>
            Metric
            <select
              value={metric}
              data-testid="paired-metric-select"
              onChange={(e) => set({ metric: e.target.value as PairedMetric, cursor: 0 })}
            >
              {PAIRED_METRICS.map((m) => (
                <option key={m} value={m}>
                  {PAIRED_METRIC_LABELS[m]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="row">
          <button type="button" disabled={!a && !b} onClick={() => set({ a: b, b: a, cursor: 0 })}>
            Swap A and B
          </button>
          <span className="tiny muted">
            A side is an imported file (or one strategy in it), or one strategy of a batch or of your single
            live runs.
          </span>
        </div>
      </section>
      {!a || !b ? (
        <div className="empty">Pick two runs over the same questions, as A and B.</div>
      ) : cmp.isPending ? (
        <p className="muted">Pairing…</p>
      ) : cmp.error ? (
        <p className="error-text">Could not compare: {String(cmp.error)}</p>
      ) : !cmp.data ? (
        <p className="muted">One of the two runs is no longer stored.</p>
      ) : (
        <>
          <PairedSummary a={cmp.data.a} b={cmp.data.b} r={cmp.data.report} />
          <h3 className="paired-flips-title">
            Flips ({cmp.data.report.flips.length}){' '}
            <span className="tiny muted">j / k move · Enter opens A and B side by side</span>
          </h3>
          <FlipList flips={cmp.data.report.flips} cursor={cursor} setCursor={(i) => set({ cursor: i })} />
        </>
      )}
    </div>
  );
}

function GroupSelect(props: {
  label: string;
  value: string | null;
  groups: readonly RunGroup[];
  onChange: (id: string | null) => void;
}) {
  return (
    <label>
      {props.label}
      <select
        value={props.value ?? ''}
        aria-label={`Side ${props.label}`}
        data-testid={`paired-side-${props.label.toLowerCase()}`}
        onChange={(e) => props.onChange(e.target.value || null)}
      >
        <option value="">— choose —</option>
        {props.groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.label} ({g.count})
          </option>
        ))}
      </select>
    </label>
  );
}
