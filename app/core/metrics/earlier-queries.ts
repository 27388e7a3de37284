// The earlier queries of a trajectory, indexed so that "is this query the same as, or nearly the
// same as, an earlier one?" costs no scan of every earlier query: a 50,000-search trajectory made
// that quadratic (minutes). Exact text by a map; token Jaccard ≥ REPEATED_QUERY_JACCARD by prefix
// filtering (Bayardo et al., AllPairs): two sets with Jaccard ≥ t share a token among the first
// |A| − ⌈t·|A|⌉ + 1 tokens of each, in one fixed token order (rarest first), so only queries
// sharing such a token are compared. Used by the repeated-query flag and the redundancy rule.
import { normalizeText } from './normalize';
import { jaccard, REPEATED_QUERY_JACCARD } from './query-overlap';

export interface QueryKey {
  /** normalizeText of the query. */
  norm: string;
  tokens: ReadonlySet<string>;
}

export function queryKey(q: string): QueryKey {
  const norm = normalizeText(q);
  return { norm, tokens: new Set(norm.split(' ').filter(Boolean)) };
}

export class EarlierQueries<T> {
  private readonly exact = new Map<string, T>();
  private readonly byToken = new Map<string, Array<{ item: T; at: number; tokens: ReadonlySet<string> }>>();
  private readonly freq = new Map<string, number>();
  private added = 0;

  /** `all`: every query that will be added or asked about (fixes the token order). */
  constructor(all: readonly QueryKey[]) {
    for (const k of all) for (const t of k.tokens) this.freq.set(t, (this.freq.get(t) ?? 0) + 1);
  }

  private prefix(tokens: ReadonlySet<string>): string[] {
    const ordered = [...tokens].sort(
      (a, b) => (this.freq.get(a) ?? 0) - (this.freq.get(b) ?? 0) || (a < b ? -1 : a > b ? 1 : 0),
    );
    return ordered.slice(0, ordered.length - Math.ceil(REPEATED_QUERY_JACCARD * ordered.length) + 1);
  }

  /** The first earlier query with this exact normalized text. */
  sameText(k: QueryKey): T | undefined {
    return this.exact.get(k.norm);
  }

  /** The first earlier query at token Jaccard ≥ REPEATED_QUERY_JACCARD (equal text included). */
  near(k: QueryKey): { item: T; jaccard: number } | undefined {
    let best: { item: T; at: number; jaccard: number } | undefined;
    for (const t of this.prefix(k.tokens))
      for (const e of this.byToken.get(t) ?? []) {
        if (best && best.at <= e.at) continue;
        const j = jaccard(e.tokens, k.tokens);
        if (j >= REPEATED_QUERY_JACCARD) best = { item: e.item, at: e.at, jaccard: j };
      }
    return best && { item: best.item, jaccard: best.jaccard };
  }

  add(item: T, k: QueryKey): void {
    if (k.norm === '') return;
    if (!this.exact.has(k.norm)) this.exact.set(k.norm, item);
    const entry = { item, at: this.added++, tokens: k.tokens };
    for (const t of this.prefix(k.tokens)) {
      const list = this.byToken.get(t);
      if (list) list.push(entry);
      else this.byToken.set(t, [entry]);
    }
  }
}
