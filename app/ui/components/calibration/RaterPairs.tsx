// Raters against each other: any two of them (people, model judges, the detector) compared on the
// searches both labelled (Cohen's kappa), and a matrix of every pair, so a third annotator who
// labelled one step never empties the figures of the other two.
import { useState } from 'react';
import type { AnnotatorAgreement } from '../../../core/diagnose/agreement';
import { DETECTOR, type PairCalibration } from '../../../services/judges/calibration';
import { Disagreements } from './Disagreements';

const fmt = (v: number | null) => (v === null ? '–' : v.toFixed(3));
const key = (a: string, b: string) => [a, b].sort().join('\u0000');

/** The pair to show first: two people if any, the one with the most shared searches. */
function defaultPair(pairs: readonly PairCalibration[]): [string, string] {
  const people = pairs.filter((p) => !p.agreement.annotators.includes(DETECTOR));
  const pool = people.length > 0 ? people : pairs;
  const best = pool.reduce((x, p) => (p.agreement.searches.items > x.agreement.searches.items ? p : x));
  const [a = '', b = ''] = best.agreement.annotators;
  return [a, b];
}

function PairFigures({ p }: { p: PairCalibration }) {
  const { searches, underSearch } = p.agreement;
  return (
    <>
      <p data-testid="pair-figures">
        Search labels: {searches.agreed} of {searches.items} agree, Cohen&apos;s κ {fmt(searches.kappa)}.
        Under-search: {underSearch.agreed} of {underSearch.items} agree, κ {fmt(underSearch.kappa)}.
        {searches.items === 0 && ' These two share no labelled search.'}
      </p>
      <details>
        <summary>{p.disagreements.length} disagreements</summary>
        <Disagreements list={p.disagreements} />
      </details>
    </>
  );
}

export function RaterPairs({
  pairs,
  between,
}: {
  pairs: readonly PairCalibration[];
  between: AnnotatorAgreement | null;
}) {
  const names = [...new Set(pairs.flatMap((p) => p.agreement.annotators))].sort();
  const byKey = new Map(pairs.map((p) => [key(...(p.agreement.annotators as [string, string])), p]));
  const [initialA, initialB] = defaultPair(pairs);
  const [a, setA] = useState(initialA);
  const [b, setB] = useState(initialB);
  // A rater can vanish (labels deleted): fall back to the default pair rather than show nothing.
  const [shownA, shownB] = names.includes(a) && names.includes(b) && a !== b ? [a, b] : [initialA, initialB];
  const chosen = byKey.get(key(shownA, shownB));
  const select = (value: string, set: (v: string) => void, label: string) => (
    <select value={value} onChange={(e) => set(e.target.value)} aria-label={label}>
      {names.map((n) => (
        <option key={n} value={n}>
          {n}
        </option>
      ))}
    </select>
  );
  return (
    <section className="calib-card" data-testid="calibration-between">
      <h3>Between raters</h3>
      <p className="pair-pick">
        Compare {select(shownA, setA, 'First rater')} with {select(shownB, setB, 'Second rater')}
      </p>
      {chosen ? <PairFigures p={chosen} /> : <p className="muted">Pick two different raters.</p>}
      {between && between.annotators.length >= 3 && (
        <p className="muted small" data-testid="all-people">
          All {between.annotators.length} people together (Fleiss&apos; κ, on the searches every one of them
          labelled):{' '}
          {between.searches.items === 0
            ? 'no search is labelled by all of them; compare them in pairs.'
            : `${between.searches.agreed} of ${between.searches.items} agree, κ ${fmt(between.searches.kappa)}.`}
        </p>
      )}
      <table className="kappa-matrix" aria-label="Cohen's kappa on search labels, every pair of raters">
        <caption className="muted small">
          Cohen&apos;s κ on search labels, each pair on the searches both labelled (n)
        </caption>
        <thead>
          <tr>
            <th />
            {names.map((n) => (
              <th key={n} scope="col">
                {n}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {names.map((row) => (
            <tr key={row}>
              <th scope="row">{row}</th>
              {names.map((col) => {
                const p = row === col ? undefined : byKey.get(key(row, col));
                return (
                  <td key={col}>
                    {p ? `${fmt(p.agreement.searches.kappa)} (${p.agreement.searches.items})` : '—'}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
