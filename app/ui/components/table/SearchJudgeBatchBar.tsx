// The model judge over the table's filtered rows, one trajectory after another with the Run
// page's model and the current rubric: progress, Pause, and Resume (the same rows again; what
// the cache holds is not asked again). Malformed replies and failed requests are listed per
// trajectory; running again retries the failed ones.
import { plural } from '../../../core/plural';
import { useSearchJudgeBatch } from '../../data/judges/search-judge';

export function SearchJudgeBatchBar({ ids, what }: { ids: readonly string[]; what: string }) {
  const b = useSearchJudgeBatch();
  const r = b.report;
  return (
    <div className="probe-batch small" data-testid="search-judge-batch">
      {b.running ? (
        <button type="button" onClick={b.pause} data-testid="search-judge-batch-pause">
          Pause
        </button>
      ) : b.paused ? (
        <button
          type="button"
          onClick={() => b.paused && b.run(b.paused)}
          data-testid="search-judge-batch-resume"
        >
          Resume
        </button>
      ) : (
        <button
          type="button"
          onClick={() => b.run(ids)}
          disabled={ids.length === 0}
          data-testid="search-judge-batch-run"
          title={`Label the searches of ${what} with ${b.model || 'the Run page’s model'} and rubric ${b.version}; replies are cached`}
        >
          Judge searches of {what}
        </button>
      )}
      {r && (
        <span data-testid="search-judge-batch-progress">
          {b.running ? 'judging' : b.paused ? 'paused at' : 'judged'} {r.done}/{r.total} ({r.asked} asked,{' '}
          {r.cached} from the cache
          {r.malformed.length > 0
            ? `, ${plural(r.malformed.length, 'malformed reply', 'malformed replies')}`
            : ''}
          {r.rejectedLabels > 0 ? `, ${plural(r.rejectedLabels, 'label')} rejected for its quote` : ''}
          {r.failed.length > 0 ? `, ${r.failed.length} failed` : ''}
          {r.skipped.length > 0 ? `, ${r.skipped.length} skipped` : ''})
        </span>
      )}
      {b.error && <span className="error">{b.error}</span>}
      {r && r.malformed.length + r.failed.length > 0 && !b.running && (
        <details>
          <summary>Malformed replies and failed requests</summary>
          <ul data-testid="search-judge-batch-malformed">
            {r.malformed.map((m) => (
              <li key={m.id}>
                {m.question}: {m.error}
              </li>
            ))}
            {r.failed.map((m) => (
              <li key={m.id}>
                {m.question}: request failed: {m.error}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
