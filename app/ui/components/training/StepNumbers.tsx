import { useState } from 'react';
import type { StepSummary } from '../../../core/training/step-summary';
import { CsvExport } from '../charts/ExportButtons';
import { runLabel } from '../../../core/training/run-label';

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);
const num = (v: number | null, d = 3) => (v === null ? '—' : String(Number(v.toFixed(d))));

/** The exact value of a summary field as a data attribute (tests compare it with run-summary). */
const exact = (v: number | null) => (v === null ? 'null' : String(v));

/**
 * The plotted numbers as a table, one row per run and step: what a screen reader reads instead of
 * the plots, what a CSV export holds, and what the plots' read-outs round. Drawn only when opened.
 */
export function StepNumbers({
  steps,
  onOpen,
}: {
  steps: readonly StepSummary[];
  onOpen: (run: string, step: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const extras = [...new Set(steps.flatMap((s) => Object.keys(s.extras)))].sort();
  const csv = () => ({
    header: [
      'run',
      'step',
      'samples',
      'accuracy',
      'mean_score',
      'searches_mean',
      'searches_p25',
      'searches_p50',
      'searches_p75',
      'over_search_rate',
      'under_search_rate',
      'format_error_rate',
      'response_chars_mean',
      'duplicate_doc_rate',
      ...extras,
    ],
    rows: steps.map((s) => [
      s.run,
      s.step,
      s.samples,
      s.accuracy,
      s.mean_score,
      s.searches_mean,
      s.searches.p25,
      s.searches.p50,
      s.searches.p75,
      s.over_search_rate,
      s.under_search_rate,
      s.format_error_rate,
      s.response_chars_mean,
      s.duplicate_doc_rate,
      ...extras.map((k) => s.extras[k] ?? null),
    ]),
  });
  return (
    <details
      className="training-numbers"
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
      data-testid="training-numbers"
    >
      <summary>Numbers per step ({steps.length} rows)</summary>
      {open && (
        <>
          <CsvExport name="training-steps" table={csv} />
          <div className="training-numbers-scroll">
            <table className="grid-table" data-testid="training-numbers-table">
              <thead>
                <tr>
                  <th>Run</th>
                  <th>Step</th>
                  <th>Samples</th>
                  <th>Accuracy</th>
                  <th>Mean score</th>
                  <th>Searches mean</th>
                  <th>Searches median (IQR)</th>
                  <th>Over-search</th>
                  <th>Under-search</th>
                  <th>Format errors</th>
                  <th>Response chars</th>
                  <th>Dup docs</th>
                  {extras.map((k) => (
                    <th key={k}>{k}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {steps.map((s) => (
                  <tr
                    key={`${s.run}\u0000${s.step}`}
                    data-testid="training-step-row"
                    data-run={s.run}
                    data-step={s.step}
                    data-samples={s.samples}
                    data-accuracy={exact(s.accuracy)}
                    data-mean-score={exact(s.mean_score)}
                    data-searches-mean={exact(s.searches_mean)}
                    data-over-search-rate={exact(s.over_search_rate)}
                    data-under-search-rate={exact(s.under_search_rate)}
                    data-format-error-rate={exact(s.format_error_rate)}
                  >
                    <td>{runLabel(s.run)}</td>
                    <td>
                      <button type="button" className="link" onClick={() => onOpen(s.run, s.step)}>
                        {s.step}
                      </button>
                    </td>
                    <td>{s.samples}</td>
                    <td>{pct(s.accuracy)}</td>
                    <td>{num(s.mean_score)}</td>
                    <td>{num(s.searches_mean, 2)}</td>
                    <td>
                      {s.searches.p50} ({s.searches.p25}–{s.searches.p75})
                    </td>
                    <td>{pct(s.over_search_rate)}</td>
                    <td>{pct(s.under_search_rate)}</td>
                    <td>{pct(s.format_error_rate)}</td>
                    <td>{Math.round(s.response_chars_mean)}</td>
                    <td>{pct(s.duplicate_doc_rate)}</td>
                    {extras.map((k) => (
                      <td key={k}>{num(s.extras[k] ?? null)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </details>
  );
}
