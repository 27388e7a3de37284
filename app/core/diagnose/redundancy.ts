// Each search necessary or redundant (labelling guidelines, `search_labels`; SAAS separates
// unnecessary from redundant search, HiPRAG labels each step's necessity). A search is redundant
// when, at the moment it was issued:
// 1. the evidence was already sufficient: k > the sufficiency point (the guidelines' consistency
//    rule: every later search is redundant);
// 2. it near-duplicates an earlier query: the same normalized text, or token Jaccard at least
//    REPEATED_QUERY_JACCARD (the flags' threshold for a repeated query, metrics/flags.ts);
// 3. it re-asks what earlier passages already hold: every content word of the query (not a
//    question or function word, question-kind.ts) occurs in one earlier passage, and the query
//    asks for an attribute (a lower-case content word), not only an entity's name. A passage
//    that answers a query names the entity and the attribute asked; one naming them all is the
//    fact being re-asked.
// Otherwise it is necessary, including a search that found nothing (the guidelines: "even if it
// failed to find it").
import { jaccard, REPEATED_QUERY_JACCARD } from '../metrics/query-overlap';
import { normalizeText } from '../metrics/normalize';
import { excerpt, passageName, quote, type SearchHop } from './hops';
import { contentWords } from './question-kind';

export type SearchLabel = 'necessary' | 'redundant';

export type RedundancyRule = 'after-sufficiency' | 'near-duplicate' | 're-asks-retrieved';

export interface SearchVerdict {
  search: number;
  stepId: string;
  query: string;
  label: SearchLabel;
  /** Every rule that holds, first the one named in the evidence. */
  rules: RedundancyRule[];
  evidence: string;
}

function tokens(s: string): Set<string> {
  return new Set(normalizeText(s).split(' ').filter(Boolean));
}

function nearDuplicate(h: SearchHop, earlier: readonly SearchHop[]): string | null {
  const norm = normalizeText(h.query);
  if (norm === '') return null;
  const mine = tokens(h.query);
  for (const e of earlier) {
    const why =
      normalizeText(e.query) === norm
        ? 'the same query'
        : jaccard(tokens(e.query), mine) >= REPEATED_QUERY_JACCARD
          ? `a near-duplicate (token Jaccard ≥ ${REPEATED_QUERY_JACCARD})`
          : null;
    if (why)
      return `Search ${h.search} ${quote(h.query, 80)} is ${why} of search ${e.search} ${quote(e.query, 80)}.`;
  }
  return null;
}

/** Lower-case content words of a query: what it asks about its entities ("born", "father"). */
function askedAttributes(query: string): string[] {
  return query
    .split(/\s+/)
    .filter((w) => /^\p{Ll}/u.test(w))
    .flatMap((w) => contentWords(w));
}

function reAsks(h: SearchHop, earlier: readonly SearchHop[]): string | null {
  const words = contentWords(h.query);
  // A query that only names an entity seeks that entity's own page, which a passage merely
  // mentioning the entity does not give: a new need, not a re-ask.
  if (words.length === 0 || askedAttributes(h.query).length === 0) return null;
  for (const e of earlier)
    for (const d of e.docs) {
      const hay = ` ${normalizeText(`${d.title ?? ''} ${d.text}`)} `;
      if (words.every((w) => hay.includes(` ${w} `)))
        return `Search ${h.search} ${quote(h.query, 80)} re-asks what ${passageName(d, e.search)} already holds (${words.map((w) => quote(w, 30)).join(', ')}): ${excerpt(d.text, words[words.length - 1] ?? '')}.`;
    }
  return null;
}

export function searchVerdicts(
  hops: readonly SearchHop[],
  sufficientAt: number | null,
  why: string,
): SearchVerdict[] {
  return hops.map((h, i) => {
    const earlier = hops.slice(0, i);
    const found: Array<[RedundancyRule, string]> = [];
    if (sufficientAt !== null && h.search > sufficientAt)
      found.push([
        'after-sufficiency',
        `Search ${h.search} ${quote(h.query, 80)} came after the evidence was sufficient at ${sufficientAt === 0 ? 'the start (no search needed)' : `search ${sufficientAt}`}: ${why}.`,
      ]);
    const dup = nearDuplicate(h, earlier);
    if (dup) found.push(['near-duplicate', dup]);
    const again = dup ? null : reAsks(h, earlier);
    if (again) found.push(['re-asks-retrieved', again]);
    const first = found[0];
    return {
      search: h.search,
      stepId: h.step.id,
      query: h.query,
      label: first ? 'redundant' : 'necessary',
      rules: found.map(([r]) => r),
      evidence: first
        ? first[1]
        : `Search ${h.search} ${quote(h.query, 80)} sought what the evidence still lacked.`,
    };
  });
}
