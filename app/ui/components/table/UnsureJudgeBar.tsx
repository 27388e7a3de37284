// "Judge the unsure": the configured model judge over the filtered rows that have an unsure
// verdict, asking only those it has not labelled yet (its replies are cached), with progress,
// Pause and Resume (a reload keeps what was asked: Resume asks the rest). When it is done the
// table's "Vs judge" column shows where it and the rules disagree; "show" filters to those rows.
import { plural } from '../../../core/plural';
import { useUnsureJudge, useUnsureJudgements } from '../../data/judges/unsure-judge';
import { useUi } from '../../state/ui-store';

export function UnsureJudgeBar({ ids }: { ids: readonly string[] }) {
  const u = useUnsureJudge(ids);
  const marks = useUnsureJudgements().data;
  const setFilters = useUi((s) => s.setFilters);
  const b = u.batch;
  const p = u.plan;
  const r = b.report;
  const disagree = p ? p.unsure.filter((id) => marks?.get(id)?.mark === 'disagrees').length : 0;
  const who = b.model || 'the Run page’s model';
  return (
    <div className="probe-batch small" data-testid="unsure-judge">
      {b.running ? (
        <button type="button" onClick={b.pause} data-testid="unsure-judge-pause">
          Pause
        </button>
      ) : (
        <button
          type="button"
          onClick={u.run}
          disabled={u.planned ? !p || p.toAsk.length === 0 : ids.length === 0}
          data-testid="unsure-judge-run"
          title={
            p
              ? `${plural(p.unsure.length, 'filtered row')} with an unsure verdict; ${p.judged} judged by ${who} (rubric ${b.version}), ${p.toAsk.length} to ask`
              : `The filtered rows with an unsure verdict, not judged yet by ${who}: counted when the run starts`
          }
        >
          {!p
            ? `Judge the unsure${u.planned ? ' (…)' : ''}`
            : p.judged === 0 && !b.paused
              ? `Judge the unsure (${p.unsure.length})`
              : p.toAsk.length > 0
                ? `Resume the unsure (${p.toAsk.length} of ${p.unsure.length} left)`
                : `Unsure judged (${p.unsure.length})`}
        </button>
      )}
      {r && (b.running || b.paused) && (
        <span data-testid="unsure-judge-progress">
          {b.running ? 'judging' : 'paused at'} {r.done}/{r.total}
          {r.malformed.length + r.failed.length > 0
            ? ` (${r.malformed.length + r.failed.length} without labels: asked again on resume)`
            : ''}
        </span>
      )}
      {!b.running && p && p.judged > 0 && (
        <span data-testid="unsure-judge-summary">
          judge differs on {disagree} of {p.judged}{' '}
          {disagree > 0 && (
            <button
              type="button"
              className="link"
              onClick={() => setFilters({ judgeUnsure: 'disagrees' })}
              data-testid="unsure-judge-show"
            >
              show
            </button>
          )}
        </span>
      )}
      {u.error && <span className="error">{u.error}</span>}
    </div>
  );
}
