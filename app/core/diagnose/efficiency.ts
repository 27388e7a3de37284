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

/**
 * What the rates of a set are taken over, summed over its trajectories: one pass over rows here,
 * or the same sums from a SQL GROUP BY (core/sql/step-summary-sql.ts), then one function
 * (efficiencyRates) turns them into rates.
 */
export interface EfficiencyTotals {
  searches: number;
  redundant: number;
  /** Searches after the sufficiency point, summed over the trajectories that reached it. */
  after: number;
  reached: number;
  /** Trajectories flagged under-search, of those with a final answer. */
  under: number;
  answered: number;
  /** Correct answers, and the searches of the trajectories with gold. */
  correct: number;
  gradedSearches: number;
  docs: number;
  dupDocs: number;
}

export function efficiencyTotals(list: readonly EfficiencyCounts[]): EfficiencyTotals {
  const t: EfficiencyTotals = {
    searches: 0,
    redundant: 0,
    after: 0,
    reached: 0,
    under: 0,
    answered: 0,
    correct: 0,
    gradedSearches: 0,
    docs: 0,
    dupDocs: 0,
  };
  for (const c of list) {
    t.searches += c.searches;
    t.redundant += c.redundant;
    if (c.afterSufficiency !== null) {
      t.after += c.afterSufficiency;
      t.reached += 1;
    }
    if (c.underSearch !== null) {
      t.under += c.underSearch;
      t.answered += 1;
    }
    if (c.correct !== null) {
      t.correct += c.correct;
      t.gradedSearches += c.searches;
    }
    t.docs += c.docs;
    t.dupDocs += c.dupDocs;
  }
  return t;
}

/** The rates of a set from its totals: the one place each efficiency rate is defined. */
export function efficiencyRates(t: EfficiencyTotals): EfficiencySummary {
  return {
    redundantRate: ratio(t.redundant, t.searches),
    afterSufficiency: ratio(t.after, t.reached),
    underSearchRate: ratio(t.under, t.answered),
    productivity: ratio(t.correct, t.gradedSearches),
    dupDocRate: ratio(t.dupDocs, t.docs),
  };
}

export function summarizeEfficiency(list: readonly EfficiencyCounts[]): EfficiencySummary {
  return efficiencyRates(efficiencyTotals(list));
}
