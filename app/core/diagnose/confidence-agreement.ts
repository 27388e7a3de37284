// Agreement with labels split by the verdicts' confidence (confidence.ts): over-search per search
// and under-search per trajectory, scored once on the sure verdicts and once on the unsure ones,
// so the two confusion matrices add up to agreement()'s; and coverage, the share of verdicts
// that are sure (over every diagnosed record, labelled or not).
import { agreement, type LabelledTrajectory, type Prediction, type Scores } from './agreement';
import type { Certainty } from './confidence';

/** A prediction with each verdict's confidence, as `diagnose --json` writes it. */
export interface ConfidentPrediction extends Prediction {
  confidence: {
    searches: readonly Certainty[];
    under_search: Certainty;
    first_sufficient_search: Certainty;
  };
}

export interface ConfidenceCoverage {
  searches: number;
  sureSearches: number;
  /** Sure searches / searches (3 decimals); null with none. */
  searchShare: number | null;
  trajectories: number;
  /** Trajectories whose under-search verdict is sure. */
  sureTrajectories: number;
  trajectoryShare: number | null;
  /** Trajectories whose sufficiency point is sure. */
  sureSufficiency: number;
  sufficiencyShare: number | null;
}

export interface ConfidenceAgreement {
  sure: { overSearch: Scores; underSearch: Scores };
  unsure: { overSearch: Scores; underSearch: Scores };
  coverage: ConfidenceCoverage;
}

const share = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 1000) / 1000 : null);

export function confidenceCoverage(predictions: readonly ConfidentPrediction[]): ConfidenceCoverage {
  const searches = predictions.reduce((n, p) => n + p.confidence.searches.length, 0);
  const sureSearches = predictions.reduce(
    (n, p) => n + p.confidence.searches.filter((c) => c === 'sure').length,
    0,
  );
  const sureTrajectories = predictions.filter((p) => p.confidence.under_search === 'sure').length;
  const sureSufficiency = predictions.filter((p) => p.confidence.first_sufficient_search === 'sure').length;
  return {
    searches,
    sureSearches,
    searchShare: share(sureSearches, searches),
    trajectories: predictions.length,
    sureTrajectories,
    trajectoryShare: share(sureTrajectories, predictions.length),
    sureSufficiency,
    sufficiencyShare: share(sureSufficiency, predictions.length),
  };
}

/** Labels restricted to the verdicts at `level`: other searches unscored, other trajectories left out. */
function scoredAt(
  level: Certainty,
  byId: ReadonlyMap<string, ConfidentPrediction>,
  labels: readonly LabelledTrajectory[],
): { overSearch: Scores; underSearch: Scores } {
  const perSearch = labels.map((l) => {
    const c = byId.get(l.id)?.confidence.searches;
    return { ...l, search_labels: l.search_labels.map((s, i) => (c?.[i] === level ? s : null)) };
  });
  const perTrajectory = labels.filter((l) => byId.get(l.id)?.confidence.under_search === level);
  const predictions = [...byId.values()];
  return {
    overSearch: agreement(predictions, perSearch).overSearch,
    underSearch: agreement(predictions, perTrajectory).underSearch,
  };
}

export function agreementByConfidence(
  predictions: readonly ConfidentPrediction[],
  labels: readonly LabelledTrajectory[],
): ConfidenceAgreement {
  const byId = new Map(predictions.map((p) => [p.id, p]));
  return {
    sure: scoredAt('sure', byId, labels),
    unsure: scoredAt('unsure', byId, labels),
    coverage: confidenceCoverage(predictions),
  };
}
