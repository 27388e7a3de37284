import type { PairedComparison } from '../../../core/compare/paired';
import type { RunGroup } from '../../../core/compare/groups';
import { pct, pp, pValue, signed } from './format';

/** The paired numbers: coverage, the 2×2 table, McNemar's p, the bootstrap interval, RC. */
export function PairedSummary({ a, b, r }: { a: RunGroup; b: RunGroup; r: PairedComparison }) {
  const t = r.table;
  const scored = r.pairs - r.undefinedPairs;
  const ci = r.bootstrap;
  return (
    <div className="paired-summary">
      <section className="card" data-testid="paired-coverage">
        <h3>Questions</h3>
        <p>
          <b data-testid="paired-pairs">{r.pairs}</b> paired · unmatched A{' '}
          <span data-testid="unmatched-a">{r.unmatchedA}</span> · B{' '}
          <span data-testid="unmatched-b">{r.unmatchedB}</span>
        </p>
        <p className="small muted">
          Paired by qid where both sides share one, else by normalized question text. A side that ran a
          question twice is paired on its first run (by file line): duplicates A {r.duplicatesA}, B{' '}
          {r.duplicatesB}.
        </p>
        {r.undefinedPairs > 0 && (
          <p className="small warn-text" data-testid="undefined-pairs">
            {r.undefinedPairs} pairs have no {r.metric} on a side (no gold or no judge verdict) and are left
            out of the test; {scored} are scored.
          </p>
        )}
        {r.qidTextConflicts > 0 && (
          <p className="small warn-text">
            {r.qidTextConflicts} pairs share a qid but not their question text: are the qids from different
            datasets?
          </p>
        )}
      </section>
      <section className="card">
        <h3>Paired table ({r.metric})</h3>
        <table className="grid-table paired-table" data-testid="paired-table">
          <thead>
            <tr>
              <th />
              <th title={b.label}>B right</th>
              <th title={b.label}>B wrong</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th title={a.label}>A right</th>
              <td data-testid="both-correct">{t.bothCorrect}</td>
              <td className="flip-a" data-testid="a-only">
                {t.aOnly}
              </td>
            </tr>
            <tr>
              <th title={a.label}>A wrong</th>
              <td className="flip-b" data-testid="b-only">
                {t.bOnly}
              </td>
              <td data-testid="both-wrong">{t.bothWrong}</td>
            </tr>
          </tbody>
        </table>
        <p>
          McNemar exact two-sided <b data-testid="mcnemar-p">p = {pValue(r.mcnemarP)}</b>
          <span className="small muted"> ({t.aOnly + t.bOnly} discordant pairs)</span>
        </p>
      </section>
      <section className="card" data-testid="paired-metric">
        <h3>{r.metric} over the scored pairs</h3>
        <p>
          A {pct(r.metricA)} · B {pct(r.metricB)} · B − A <b>{pp(ci?.diff ?? null)}</b>
        </p>
        <p data-testid="bootstrap-ci">
          {ci
            ? `${Math.round(ci.level * 100)} % CI [${pp(ci.lo)}, ${pp(ci.hi)}]`
            : 'No interval: no pair is scored.'}
        </p>
        {ci && (
          <p className="tiny muted">
            Paired bootstrap, {ci.resamples} resamples of the per-question differences, seed {ci.seed},
            percentile interval.
          </p>
        )}
      </section>
      <section className="card" data-testid="paired-rc">
        <h3>Retrieval count</h3>
        <p>
          mean RC A {r.rcA?.toFixed(2) ?? '–'} · B {r.rcB?.toFixed(2) ?? '–'} · B − A{' '}
          <b>{signed(r.rcDiff)}</b>
        </p>
        <p className="tiny muted">Search actions per question, over all {r.pairs} pairs.</p>
      </section>
    </div>
  );
}
