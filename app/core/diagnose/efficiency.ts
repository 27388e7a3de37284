// Search efficiency from the detectors' verdicts, per trajectory and over a set. Rates are taken
// over what they count, not averaged per trajectory: the redundant-search rate is redundant
// searches / searches, tool productivity is correct answers / searches (OTC's tool productivity,
// "Acting Less is Reasoning More": answers per tool call), the duplicate-document rate is
// re-retrieved passages / passages. Searches after the sufficiency point and the under-search
// rate are means over the trajectories that have them.
import type { Diagnosis } from './diagnose';

/** What a table row keeps of a diagnosis: enough to aggregate any set of rows. */
export interface EfficiencyCounts {
  searches: number;
  redundant: number;
  /** Searches after the sufficiency point; null when it was never reached (or no gold). */
  afterSufficiency: number | null;
  /** 1 under-search, 0 not; null without a final answer. */
  underSearch: 0 | 1 | null;
  /** 1 correct, 0 wrong; null without gold. */
  correct: 0 | 1 | null;
  docs: number;
  dupDocs: number;
}

export function efficiencyCounts(d: Diagnosis, answered: boolean): EfficiencyCounts {
  return {
    searches: d.searches,
    redundant: d.overSearch.length,
    afterSufficiency: d.efficiency.afterSufficiency,
    underSearch: answered ? (d.underSearch ? 1 : 0) : null,
    correct: d.correct === null ? null : d.correct ? 1 : 0,
    docs: d.docs,
    dupDocs: d.dupDocs,
  };
}

/** A rate or mean and what it is over (searches, passages or trajectories). */
export interface Ratio {
  value: number | null;
  n: number;
}

export const EFFICIENCY_METRICS = [
  'redundantRate',
  'afterSufficiency',
  'underSearchRate',
  'productivity',
  'dupDocRate',
] as const;
export type EfficiencyMetric = (typeof EFFICIENCY_METRICS)[number];
export type EfficiencySummary = Record<EfficiencyMetric, Ratio>;

export const EFFICIENCY_TITLES: Record<EfficiencyMetric, { title: string; help: string }> = {
  redundantRate: {
    title: 'Redundant',
    help: 'redundant searches / searches (the detectors’ over-search verdicts)',
  },
  afterSufficiency: {
    title: 'After suff.',
    help: 'mean searches after the sufficiency point, over trajectories that reached it',
  },
  underSearchRate: { title: 'Under', help: 'share of answered trajectories flagged under-search' },
  productivity: {
    title: 'Ans/search',
    help: 'tool productivity: correct answers / searches (OTC), over trajectories with gold',
  },
  dupDocRate: { title: 'Dup docs', help: 're-retrieved passages / retrieved passages' },
};

const ratio = (num: number, den: number): Ratio => ({ value: den > 0 ? num / den : null, n: den });

export function summarizeEfficiency(list: readonly EfficiencyCounts[]): EfficiencySummary {
  let searches = 0;
  let redundant = 0;
  let after = 0;
  let reached = 0;
  let under = 0;
  let answered = 0;
  let correct = 0;
  let gradedSearches = 0;
  let docs = 0;
  let dups = 0;
  for (const c of list) {
    searches += c.searches;
    redundant += c.redundant;
    if (c.afterSufficiency !== null) {
      after += c.afterSufficiency;
      reached += 1;
    }
    if (c.underSearch !== null) {
      under += c.underSearch;
      answered += 1;
    }
    if (c.correct !== null) {
      correct += c.correct;
      gradedSearches += c.searches;
    }
    docs += c.docs;
    dups += c.dupDocs;
  }
  return {
    redundantRate: ratio(redundant, searches),
    afterSufficiency: ratio(after, reached),
    underSearchRate: ratio(under, answered),
    productivity: ratio(correct, gradedSearches),
    dupDocRate: ratio(dups, docs),
  };
}
