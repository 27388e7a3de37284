// A sign that the retriever, not the stopping point, may be to blame: the agent asked about one
// entity in two or more different queries and got that entity's own page back each time. The
// labelling guidelines call it no under-search when "the retriever could not have found" the
// missing fact; a page the agent kept reaching by rewording around its entity suggests the
// corpus's copy is all there is, which the trace alone cannot settle. An under-search verdict
// resting on it is therefore unsure (confidence.ts).
import { normalizeText } from '../metrics/normalize';
import type { SearchHop } from './hops';

const withoutAside = (s: string) => s.replace(/\s*\([^)]*\)\s*$/, '');

/** The title of the first page that came back for two different queries naming it; else null. */
export function pageAskedAgain(hops: readonly SearchHop[]): string | null {
  const askedBy = new Map<string, Set<string>>();
  for (const h of hops) {
    const query = ` ${normalizeText(h.query)} `;
    for (const d of h.docs) {
      const title = normalizeText(withoutAside(d.title ?? ''));
      if (title === '' || !query.includes(` ${title} `)) continue;
      const queries = askedBy.get(title) ?? new Set<string>();
      queries.add(query);
      askedBy.set(title, queries);
      if (queries.size >= 2) return withoutAside(d.title ?? '');
    }
  }
  return null;
}
