// The trace-only over/under-search diagnosis of one trajectory (app/core/diagnose): the
// sufficiency point, each search's verdict with the rule and quoted evidence, under-search, the
// efficiency figures, and beside each verdict what the annotator labelled.
import { type Annotation, sufficientOf } from '../../../core/annotations/annotation';
import type { Diagnosis } from '../../../core/diagnose/diagnose';
import type { Trajectory } from '../../../core/schema/trajectory';
import { ConfidenceNote } from './ConfidenceNote';
import { EvidenceChainList } from './EvidenceChainList';
import { ProbesPanel } from './ProbesPanel';
import { SearchJudgePanel } from '../search-judge/SearchJudgePanel';
import { LongText } from '../LongText';

const pct = (v: number | null) => (v === null ? '–' : `${Math.round(v * 100)}%`);
const num = (v: number | null) => (v === null ? '–' : Number.isInteger(v) ? String(v) : v.toFixed(2));

const RULE: Record<string, string> = {
  'after-sufficiency': 'after the sufficiency point',
  'near-duplicate': 'repeats an earlier query',
  're-asks-retrieved': 're-asks what a passage holds',
};

export function DiagnosisPanel({
  t,
  d,
  annotations,
  annotator,
  onSelectStep,
  probeRun,
}: {
  t: Trajectory;
  d: Diagnosis;
  annotations: readonly Annotation[];
  annotator: string;
  onSelectStep: (id: string) => void;
  /** Changes when B asks for the model probes. */
  probeRun: number;
}) {
  const mine = annotations.filter((a) => a.annotator === annotator);
  const myLabel = (stepId: string) => {
    const on = mine.filter((a) => a.stepId === stepId).map((a) => a.label);
    return on.includes('over-search') ? 'redundant' : on.includes('necessary-search') ? 'necessary' : null;
  };
  const mySuff = mine.find((a) => a.stepId === undefined && sufficientOf(a.label) !== undefined);
  const myPoint = mySuff ? sufficientOf(mySuff.label) : undefined;
  const myUnder = mine.some((a) => a.label === 'under-search' || a.label === 'verdict:under-searched');
  const suffStep = d.firstSufficientSearch ? d.verdicts[d.firstSufficientSearch - 1]?.stepId : undefined;
  const under = d.flags.find((f) => f.kind === 'under-search');
  return (
    <div className="diagnosis-panel" data-testid="diagnosis-panel">
      <p className="small muted">
        Trace-only detector (always on): no model. Rules and definitions follow the labelling guidelines;
        every verdict quotes the trajectory.
      </p>
      <dl className="diag-summary">
        <dt>Sufficiency point</dt>
        <dd data-testid="diag-sufficiency">
          {d.firstSufficientSearch === null
            ? 'never'
            : d.firstSufficientSearch === 0
              ? 'before any search'
              : `search ${d.firstSufficientSearch}`}
          {annotator && (
            <span className="muted small">
              {' '}
              · you:{' '}
              {myPoint === undefined
                ? 'not set (0 / -)'
                : myPoint === null
                  ? 'never'
                  : myPoint === 0
                    ? 'before any search'
                    : `search ${myPoint}`}
            </span>
          )}
          <div>
            <ConfidenceNote c={d.confidence.firstSufficientSearch} testId="diag-sufficiency-confidence" />
          </div>
        </dd>
        <dt>Redundant searches</dt>
        <dd data-testid="diag-redundant">
          {d.overSearch.length === 0 ? 'none' : d.overSearch.join(', ')} of {d.searches}
        </dd>
        <dt>Question read as</dt>
        <dd data-testid="diag-reading" title={`basis: ${d.sufficiency.basis}`}>
          {d.sufficiency.reading}
        </dd>
        <dt>Under-search</dt>
        <dd data-testid="diag-under">
          <span data-testid="diag-under-value">{d.underSearch ? 'yes' : 'no'}</span>
          {annotator && <span className="muted small"> · you: {myUnder ? 'yes' : 'no'}</span>}
          <div>
            <ConfidenceNote c={d.confidence.underSearch} testId="diag-under-confidence" />
          </div>
        </dd>
      </dl>
      {d.sufficiency.evidence && (
        <p className="diag-evidence">
          {suffStep ? (
            <button type="button" className="link" onClick={() => onSelectStep(suffStep)}>
              sufficiency
            </button>
          ) : (
            <b>sufficiency</b>
          )}{' '}
          <LongText inline text={d.sufficiency.evidence} limit={1000} />
        </p>
      )}
      {d.sufficiency.chain && <EvidenceChainList chain={d.sufficiency.chain} onSelectStep={onSelectStep} />}
      {d.verdicts.length > 0 && (
        <ol className="diag-searches" data-testid="diag-searches">
          {d.verdicts.map((v, i) => {
            const you = myLabel(v.stepId);
            const sure = d.confidence.searches[i];
            return (
              <li key={v.stepId} className={`diag-${v.label}`} data-label={v.label}>
                <button type="button" className="link" onClick={() => onSelectStep(v.stepId)}>
                  search {v.search}
                </button>{' '}
                <b>{v.label}</b>
                {v.rules.length > 0 && (
                  <span className="muted small"> ({v.rules.map((r) => RULE[r] ?? r).join('; ')})</span>
                )}
                {you && (
                  <span
                    className={`pill ${you === v.label ? 'good' : 'bad'}`}
                    title="Your label on this search"
                  >
                    you: {you}
                  </span>
                )}
                <LongText className="small" text={v.evidence} limit={1000} />
                {sure && <ConfidenceNote c={sure} />}
              </li>
            );
          })}
        </ol>
      )}
      {under && (
        <p className="diag-evidence" data-testid="diag-under-evidence">
          {under.stepId ? (
            <button type="button" className="link" onClick={() => under.stepId && onSelectStep(under.stepId)}>
              under-search
            </button>
          ) : (
            <b>under-search</b>
          )}{' '}
          <LongText inline text={under.evidence} limit={1000} />
        </p>
      )}
      <h4>Efficiency</h4>
      <table className="kv small">
        <tbody>
          <tr title="redundant searches / searches">
            <th>Redundant-search rate</th>
            <td>{pct(d.efficiency.redundantRate)}</td>
          </tr>
          <tr title="searches issued after the sufficiency point">
            <th>Searches after sufficiency</th>
            <td>{num(d.efficiency.afterSufficiency)}</td>
          </tr>
          <tr title="correct answers per search (OTC's tool productivity)">
            <th>Tool productivity</th>
            <td>{num(d.efficiency.productivity)}</td>
          </tr>
          <tr title="retrieved passages already retrieved earlier in this trajectory">
            <th>Duplicate-document rate</th>
            <td>{pct(d.efficiency.duplicateDocRate)}</td>
          </tr>
        </tbody>
      </table>
      <ProbesPanel t={t} onSelectStep={onSelectStep} runSignal={probeRun} />
      <SearchJudgePanel t={t} onSelectStep={onSelectStep} />
      <p className="small muted">
        Keys: <kbd>1</kbd> necessary / <kbd>2</kbd> over-search on a search, <kbd>3</kbd> under-search,{' '}
        <kbd>0</kbd> evidence sufficient at the selected step, <kbd>-</kbd> never sufficient, <kbd>Q</kbd>{' '}
        next to label, <kbd>B</kbd> run the model probes.
        {t.steps.length === 0 ? ' This trajectory has no steps.' : ''}
      </p>
    </div>
  );
}
