// A diagnosis as the agreement functions read it (agreement.ts, confidence-agreement.ts): the
// verdicts in the labels' terms with each one's confidence level. One mapping for `diagnose
// --json` (the CLI's record lines) and Calibrate, so both score the same predictions.
import type { ConfidentPrediction } from './confidence-agreement';
import type { Certainty, Confidence } from './confidence';
import type { Diagnosis } from './diagnose';

/** The levels of every verdict, as `diagnose --json` writes them. */
export function confidenceLevels(c: Confidence): {
  searches: Certainty[];
  under_search: Certainty;
  first_sufficient_search: Certainty;
} {
  return {
    searches: c.searches.map((s) => s.level),
    under_search: c.underSearch.level,
    first_sufficient_search: c.firstSufficientSearch.level,
  };
}

export function confidentPrediction(id: string, d: Diagnosis): ConfidentPrediction {
  return {
    id,
    searches: d.searches,
    first_sufficient_search: d.firstSufficientSearch,
    over_search: d.overSearch,
    under_search: d.underSearch,
    confidence: confidenceLevels(d.confidence),
  };
}
