// The detector against one annotator, by confidence: precision, recall, F1 and the confusion
// counts on the sure verdicts, on the unsure ones and on all (the sure and unsure counts add up to
// all), and coverage, the share of the verdicts on this annotator's trajectories that are sure.
// Every number comes from core/diagnose/confidence-agreement.ts, as `diagnose --labels` prints it.
import type { Agreement, Scores } from '../../../core/diagnose/agreement';
import type { ConfidenceAgreement } from '../../../core/diagnose/confidence-agreement';

const fmt = (v: number | null) => (v === null ? '–' : v.toFixed(3));

function Cell({ s }: { s: Scores }) {
  return (
    <td title={`TP ${s.tp}, FP ${s.fp}, FN ${s.fn}, TN ${s.tn}`}>
      {fmt(s.precision)} / {fmt(s.recall)} / {fmt(s.f1)}{' '}
      <span className="muted small">
        ({s.tp}/{s.fp}/{s.fn}/{s.tn})
      </span>
    </td>
  );
}

export function ConfidenceScores({ c, all }: { c: ConfidenceAgreement; all: Agreement }) {
  const v = c.coverage;
  const rows: Array<[string, Scores, Scores]> = [
    ['sure', c.sure.overSearch, c.sure.underSearch],
    ['unsure', c.unsure.overSearch, c.unsure.underSearch],
    ['all', all.overSearch, all.underSearch],
  ];
  return (
    <div className="confidence-scores" data-testid="confidence-scores">
      <table className="scores" aria-label="Agreement by confidence">
        <caption>
          By confidence <span className="muted small">(precision / recall / F1, and TP/FP/FN/TN)</span>
        </caption>
        <thead>
          <tr>
            <th scope="col">Verdicts</th>
            <th scope="col">Over-search (per search)</th>
            <th scope="col">Under-search (per trajectory)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([level, over, under]) => (
            <tr key={level} data-level={level}>
              <th scope="row">{level}</th>
              <Cell s={over} />
              <Cell s={under} />
            </tr>
          ))}
        </tbody>
      </table>
      <p className="small" data-testid="confidence-coverage">
        Sure: {v.sureSearches} of {v.searches} searches ({fmt(v.searchShare)}), {v.sureTrajectories} of{' '}
        {v.trajectories} under-search verdicts ({fmt(v.trajectoryShare)}), {v.sureSufficiency} of{' '}
        {v.trajectories} sufficiency points ({fmt(v.sufficiencyShare)}) on these trajectories.
      </p>
    </div>
  );
}
