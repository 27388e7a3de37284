// How detectors agree with labels, and annotators with each other: the figures the CLI prints
// and the calibration view shows, from one function each. Over-search is scored per search (a
// search flagged redundant vs labelled redundant), under-search per trajectory, the sufficiency
// point by exact agreement (the labels' README). Kappas: Cohen's for two raters, Fleiss' for more.
import type { SearchLabelRecord } from './search-labels';

/**
 * Labels of one trajectory as agreement reads them: a search left unlabelled is null and not
 * scored; an unset sufficiency point (undefined) is not scored either.
 */
export interface LabelledTrajectory {
  id: string;
  searches: number;
  search_labels: ReadonlyArray<SearchLabelRecord['search_labels'][number] | null>;
  under_search: boolean;
  first_sufficient_search?: number | null;
}

export interface Confusion {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

export interface Scores extends Confusion {
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

export function scores(c: Confusion): Scores {
  const precision = c.tp + c.fp > 0 ? c.tp / (c.tp + c.fp) : null;
  const recall = c.tp + c.fn > 0 ? c.tp / (c.tp + c.fn) : null;
  const f1 = c.tp + c.fp + c.fn > 0 ? (2 * c.tp) / (2 * c.tp + c.fp + c.fn) : null;
  return { ...c, precision, recall, f1 };
}

/** What a detector said about one trajectory, in the labels' terms. */
export interface Prediction {
  id: string;
  searches: number;
  first_sufficient_search: number | null;
  /** 1-based numbers of the searches judged redundant. */
  over_search: readonly number[];
  under_search: boolean;
}

export interface Disagreement {
  id: string;
  kind: 'over-search' | 'under-search' | 'sufficiency' | 'searches';
  /** 1-based search, for over-search. */
  search?: number;
  predicted: string;
  labelled: string;
}

export interface Agreement {
  /** Labelled trajectories found among the predictions. */
  trajectories: number;
  /** Labels whose trajectory was not predicted (missing record, import error). */
  unmatched: string[];
  overSearch: Scores;
  underSearch: Scores;
  sufficiency: { exact: number; total: number; rate: number | null };
  disagreements: Disagreement[];
}

const show = (v: number | null) => (v === null ? 'null' : String(v));

export function agreement(
  predictions: readonly Prediction[],
  labels: readonly LabelledTrajectory[],
): Agreement {
  const byId = new Map(predictions.map((p) => [p.id, p]));
  const over: Confusion = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const under: Confusion = { tp: 0, fp: 0, fn: 0, tn: 0 };
  let exact = 0;
  let matched = 0;
  let suffTotal = 0;
  const unmatched: string[] = [];
  const disagreements: Disagreement[] = [];
  for (const l of labels) {
    const p = byId.get(l.id);
    if (!p) {
      unmatched.push(l.id);
      continue;
    }
    matched += 1;
    if (p.searches !== l.searches)
      disagreements.push({
        id: l.id,
        kind: 'searches',
        predicted: String(p.searches),
        labelled: String(l.searches),
      });
    const flagged = new Set(p.over_search);
    l.search_labels.forEach((label, i) => {
      if (label === null) return;
      const yes = flagged.has(i + 1);
      const truth = label === 'redundant';
      if (yes && truth) over.tp += 1;
      else if (yes) over.fp += 1;
      else if (truth) over.fn += 1;
      else over.tn += 1;
      if (yes !== truth)
        disagreements.push({
          id: l.id,
          kind: 'over-search',
          search: i + 1,
          predicted: yes ? 'redundant' : 'necessary',
          labelled: label,
        });
    });
    if (p.under_search && l.under_search) under.tp += 1;
    else if (p.under_search) under.fp += 1;
    else if (l.under_search) under.fn += 1;
    else under.tn += 1;
    if (p.under_search !== l.under_search)
      disagreements.push({
        id: l.id,
        kind: 'under-search',
        predicted: String(p.under_search),
        labelled: String(l.under_search),
      });
    if (l.first_sufficient_search === undefined) continue;
    suffTotal += 1;
    if (p.first_sufficient_search === l.first_sufficient_search) exact += 1;
    else
      disagreements.push({
        id: l.id,
        kind: 'sufficiency',
        predicted: show(p.first_sufficient_search),
        labelled: show(l.first_sufficient_search),
      });
  }
  return {
    trajectories: matched,
    unmatched,
    overSearch: scores(over),
    underSearch: scores(under),
    sufficiency: { exact, total: suffTotal, rate: suffTotal > 0 ? exact / suffTotal : null },
    disagreements,
  };
}

/** Cohen's kappa of two raters over the same items (categorical); null when undefined. */
export function cohenKappa<T>(a: readonly T[], b: readonly T[]): number | null {
  const n = Math.min(a.length, b.length);
  if (n === 0) return null;
  let agree = 0;
  const ca = new Map<T, number>();
  const cb = new Map<T, number>();
  for (let i = 0; i < n; i++) {
    const x = a[i] as T;
    const y = b[i] as T;
    if (x === y) agree += 1;
    ca.set(x, (ca.get(x) ?? 0) + 1);
    cb.set(y, (cb.get(y) ?? 0) + 1);
  }
  const po = agree / n;
  let pe = 0;
  for (const [k, v] of ca) pe += (v / n) * ((cb.get(k) ?? 0) / n);
  return pe === 1 ? null : (po - pe) / (1 - pe);
}

/**
 * Fleiss' kappa: `ratings[i]` holds the categories the raters gave item i (every item rated by
 * the same number of raters, at least two); null when undefined.
 */
export function fleissKappa<T>(ratings: ReadonlyArray<readonly T[]>): number | null {
  const items = ratings.filter((r) => r.length >= 2);
  const m = items[0]?.length ?? 0;
  if (items.length === 0 || items.some((r) => r.length !== m)) return null;
  const totals = new Map<T, number>();
  let pBar = 0;
  for (const r of items) {
    const counts = new Map<T, number>();
    for (const c of r) counts.set(c, (counts.get(c) ?? 0) + 1);
    let s = 0;
    for (const [c, k] of counts) {
      s += k * (k - 1);
      totals.set(c, (totals.get(c) ?? 0) + k);
    }
    pBar += s / (m * (m - 1));
  }
  pBar /= items.length;
  let pe = 0;
  for (const v of totals.values()) pe += (v / (items.length * m)) ** 2;
  return pe === 1 ? null : (pBar - pe) / (1 - pe);
}

/** Agreement between annotators on the items every one of them labelled. */
export interface AnnotatorAgreement {
  annotators: string[];
  /** Searches labelled by all of them, and the kappa over those (Cohen for two, Fleiss for more). */
  searches: { items: number; agreed: number; kappa: number | null };
  /** Trajectories all of them judged (every search labelled), and the kappa on under-search. */
  underSearch: { items: number; agreed: number; kappa: number | null };
  disagreements: Array<{ id: string; search?: number; labels: Record<string, string> }>;
}

export function annotatorAgreement(
  byAnnotator: ReadonlyMap<string, readonly LabelledTrajectory[]>,
): AnnotatorAgreement {
  const annotators = [...byAnnotator.keys()].sort();
  const maps = annotators.map((a) => new Map((byAnnotator.get(a) ?? []).map((l) => [l.id, l])));
  const ids = [...(maps[0]?.keys() ?? [])].filter((id) => maps.every((m) => m.has(id)));
  const searchRatings: string[][] = [];
  const underRatings: string[][] = [];
  const disagreements: AnnotatorAgreement['disagreements'] = [];
  for (const id of ids) {
    const ls = maps.map((m) => m.get(id) as LabelledTrajectory);
    const n = Math.min(...ls.map((l) => l.search_labels.length));
    for (let k = 0; k < n; k++) {
      const r = ls.map((l) => l.search_labels[k] ?? null);
      if (r.some((x) => x === null)) continue;
      searchRatings.push(r as string[]);
      if (new Set(r).size > 1)
        disagreements.push({
          id,
          search: k + 1,
          labels: Object.fromEntries(annotators.map((a, i) => [a, r[i] as string])),
        });
    }
    if (ls.every((l) => l.search_labels.every((x) => x !== null))) {
      const r = ls.map((l) => String(l.under_search));
      underRatings.push(r);
      if (new Set(r).size > 1)
        disagreements.push({
          id,
          labels: Object.fromEntries(annotators.map((a, i) => [a, `under-search ${r[i]}`])),
        });
    }
  }
  const kappa = (ratings: string[][]) =>
    annotators.length === 2
      ? cohenKappa(
          ratings.map((r) => r[0]),
          ratings.map((r) => r[1]),
        )
      : fleissKappa(ratings);
  const agreed = (ratings: string[][]) => ratings.filter((r) => new Set(r).size === 1).length;
  return {
    annotators,
    searches: {
      items: searchRatings.length,
      agreed: agreed(searchRatings),
      kappa: annotators.length < 2 ? null : kappa(searchRatings),
    },
    underSearch: {
      items: underRatings.length,
      agreed: agreed(underRatings),
      kappa: annotators.length < 2 ? null : kappa(underRatings),
    },
    disagreements,
  };
}

/**
 * Every pair of annotators measured alone (Cohen's kappa on the items both labelled), so a third
 * annotator who labelled one step never empties the figures of the other two, as the items all of
 * them labelled would. Pairs are ordered by name; pairs that share no labelled search are kept
 * (items 0, kappa null), so a matrix can show them as such.
 */
export function pairwiseAgreements(
  byAnnotator: ReadonlyMap<string, readonly LabelledTrajectory[]>,
): AnnotatorAgreement[] {
  const names = [...byAnnotator.keys()].sort();
  const out: AnnotatorAgreement[] = [];
  for (let i = 0; i < names.length; i++)
    for (let j = i + 1; j < names.length; j++) {
      const a = names[i] as string;
      const b = names[j] as string;
      out.push(
        annotatorAgreement(
          new Map([
            [a, byAnnotator.get(a) ?? []],
            [b, byAnnotator.get(b) ?? []],
          ]),
        ),
      );
    }
  return out;
}
