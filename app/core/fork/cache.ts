// A Retriever that answers queries the fork's prefix already searched from the stored documents
// (as edited), so replaying an unchanged prefix costs no retrieval and a repeated query sees the
// same, possibly edited, results. Other queries go to the real retriever.
import { isRetrievalStep } from '../metrics/trajectory-metrics';
import type { Doc, Step } from '../schema/trajectory';
import type { Retriever, SearchHit } from '../search/types';

export interface CachingRetriever extends Retriever {
  /** Queries answered from the prefix, and queries sent to the real retriever, in order. */
  readonly hits: string[];
  readonly misses: string[];
}

// Case and spacing only: a retriever tells "the Who" from "Who" and "C++" from "C", so the cache
// must too (answer normalization would drop the article and the pluses).
const key = (q: string) => q.trim().replace(/\s+/g, ' ').toLowerCase();

function docToHit(d: Doc, rank: number): SearchHit {
  return { id: d.id, title: d.title ?? '', text: d.text, rank, score: d.score ?? 0 };
}

/**
 * Serves a query from the prefix when it found at least `k` documents there, or when the fork
 * edited that retrieval (the edit is the point: a repeated query must see it); else asks `inner`.
 */
export function cachingRetriever(
  inner: Retriever,
  prefix: readonly Step[],
  editedStep?: Step,
): CachingRetriever {
  const cache = new Map<string, { docs: Doc[]; edited: boolean }>();
  for (const s of prefix) {
    // Documents sit on `retrieve` steps, or on the `search` step itself in some logs.
    if (!isRetrievalStep(s)) continue;
    const byQuery = new Map<string, Doc[]>();
    for (const d of s.docs) {
      const q = d.query ?? s.queries?.[0];
      if (q === undefined) continue;
      byQuery.set(key(q), [...(byQuery.get(key(q)) ?? []), d]);
    }
    for (const [q, docs] of byQuery) cache.set(q, { docs, edited: s === editedStep });
  }
  const hits: string[] = [];
  const misses: string[] = [];
  return {
    hits,
    misses,
    async search(queries, k) {
      const out: SearchHit[][] = queries.map(() => []);
      const ask: number[] = [];
      queries.forEach((q, i) => {
        const c = cache.get(key(q));
        if (c && (c.edited || c.docs.length >= k)) {
          hits.push(q);
          out[i] = c.docs.slice(0, k).map((d, r) => docToHit(d, r + 1));
        } else ask.push(i);
      });
      if (ask.length > 0) {
        const asked = ask.map((i) => queries[i]!);
        misses.push(...asked);
        const lists = await inner.search(asked, k);
        ask.forEach((i, j) => (out[i] = lists[j] ?? []));
      }
      return out;
    },
  };
}
