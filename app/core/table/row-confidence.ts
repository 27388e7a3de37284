// What a table row keeps of the verdicts' confidence (core/diagnose/confidence.ts): which verdicts
// are unsure and why, and the rules' own verdicts beside them, so the table filters on "has
// unsure" and compares the model judge's labels with the rules on exactly those verdicts
// (core/diagnose/unsure-judge.ts) without reading the trajectory again.
import type { Certainty } from '../diagnose/confidence';
import type { Diagnosis } from '../diagnose/diagnose';

/** Longest reason line a row keeps, and most lines. */
const REASON_CHARS = 200;
const REASON_LINES = 12;

export interface RowConfidence {
  searches: number;
  /** 1-based numbers of the searches whose redundant-or-necessary verdict is unsure. */
  unsureSearches: number[];
  /** The rules' verdicts: 1-based numbers of the searches called redundant, and under-search. */
  redundant: number[];
  underSearch: boolean;
  /** The under-search verdict's confidence. */
  under: Certainty;
  /** One line per unsure verdict with its reason; for a row with none, why the under-search verdict is sure. */
  reasons: string[];
}

const shorten = (s: string) => (s.length > REASON_CHARS ? `${s.slice(0, REASON_CHARS - 1)}…` : s);

export function rowConfidence(d: Diagnosis): RowConfidence {
  const c = d.confidence;
  const unsureSearches = c.searches.flatMap((s, i) => (s.level === 'unsure' ? [i + 1] : []));
  const lines = [
    ...(c.underSearch.level === 'unsure' ? [`under-search: ${c.underSearch.text}`] : []),
    ...unsureSearches.map((k) => `search ${k}: ${c.searches[k - 1]?.text ?? ''}`),
  ];
  return {
    searches: d.searches,
    unsureSearches,
    redundant: [...d.overSearch],
    underSearch: d.underSearch,
    under: c.underSearch.level,
    reasons: (lines.length > 0 ? lines : [`every verdict sure; under-search: ${c.underSearch.text}`])
      .slice(0, REASON_LINES)
      .map(shorten),
  };
}

/** How many of the row's verdicts (under-search and one per search) are unsure. */
export function unsureCount(c: RowConfidence): number {
  return c.unsureSearches.length + (c.under === 'unsure' ? 1 : 0);
}
