// The model judge on the Diagnose tab: which model and rubric version judge, a button to ask it,
// and its labels, each with the quote it gave and, when the quote is not in the trajectory, why
// the label is rejected. A malformed reply is shown as the model wrote it (text, never HTML), and
// the model may be asked again.
import { useMemo } from 'react';
import { searchHops } from '../../../core/diagnose/hops';
import type { Judged } from '../../../core/diagnose/search-judge-reply';
import type { Trajectory } from '../../../core/schema/trajectory';
import { useSearchJudge } from '../../data/judges/search-judge';

function Quote({ j }: { j: Judged<unknown> }) {
  return (
    <div className="small" data-testid="judge-quote" data-rejected={j.rejected !== undefined}>
      “{j.quote}”{j.rejected !== undefined && <span className="error"> rejected: {j.rejected}</span>}
    </div>
  );
}

export function SearchJudgePanel({ t, onSelectStep }: { t: Trajectory; onSelectStep: (id: string) => void }) {
  const j = useSearchJudge(t);
  const hops = useMemo(() => searchHops(t), [t]);
  const o = j.outcome;
  return (
    <section className="probes-panel" data-testid="search-judge-panel">
      <h4>Model judge</h4>
      <p className="small muted">
        <b data-testid="search-judge-model">{j.model || 'no model'}</b> (the Run page&apos;s model) reads the
        trajectory with the rubric <span data-testid="search-judge-version">{j.version}</span> (edit it on
        Calibrate) and labels every search, quoting the trajectory. Replies are cached per rubric version,
        model and prompt.
      </p>
      <div className="row">
        {j.running ? (
          <button type="button" onClick={j.stop} data-testid="search-judge-stop">
            Stop
          </button>
        ) : (
          <button
            type="button"
            onClick={j.judge}
            // A malformed reply may be asked again (a reasoning model's reply cut off, say).
            disabled={o !== null && ('skipped' in o || o.parse.ok)}
            data-testid="search-judge-run"
          >
            Judge searches
          </button>
        )}
        <span className="small muted" data-testid="search-judge-status">
          {j.running
            ? 'asking…'
            : o === null
              ? 'not judged with this model and rubric yet'
              : 'skipped' in o
                ? `not judged: ${o.skipped}`
                : o.cached && !j.askedNow
                  ? 'from the cache'
                  : 'judged now'}
        </span>
      </div>
      {j.error && (
        <p className="error small" data-testid="search-judge-error">
          {j.error}
        </p>
      )}
      {o && !('skipped' in o) && !o.parse.ok && (
        <div data-testid="search-judge-malformed">
          <p className="error small">Malformed reply, no labels: {o.parse.error}</p>
          <pre className="small">{o.reply.slice(0, 2000)}</pre>
        </div>
      )}
      {o && !('skipped' in o) && o.parse.ok && (
        <ol className="probe-verdicts" data-testid="search-judge-labels">
          {o.parse.judgement.search_labels.map((l, i) => {
            const hop = hops[i];
            return (
              <li key={i} data-label={l.value} className={l.value === 'redundant' ? 'diag-over-search' : ''}>
                {hop ? (
                  <button type="button" className="link" onClick={() => onSelectStep(hop.step.id)}>
                    search {i + 1}
                  </button>
                ) : (
                  `search ${i + 1}`
                )}{' '}
                <b>{l.value}</b>
                <Quote j={l} />
              </li>
            );
          })}
          <li data-testid="search-judge-sufficiency">
            sufficiency point{' '}
            <b>
              {o.parse.judgement.first_sufficient_search.value === null
                ? 'never'
                : o.parse.judgement.first_sufficient_search.value === 0
                  ? 'before any search'
                  : `search ${o.parse.judgement.first_sufficient_search.value}`}
            </b>
            <Quote j={o.parse.judgement.first_sufficient_search} />
          </li>
          <li
            data-testid="search-judge-under"
            className={o.parse.judgement.under_search.value ? 'diag-under-search' : ''}
          >
            under-search <b>{o.parse.judgement.under_search.value ? 'yes' : 'no'}</b>
            <Quote j={o.parse.judgement.under_search} />
          </li>
        </ol>
      )}
    </section>
  );
}
