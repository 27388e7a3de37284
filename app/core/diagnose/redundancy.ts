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
// failed to find it"). A near-duplicate is not one when it reformulates a search that failed
// (issue 38's first pattern): issued while the evidence still lacked the asked fact, it adds a
// content word no earlier query asked (an occupation, a country, a year, the full title), so it
// asks something new however many of its words repeat. That needs gold to know the evidence was
// not yet sufficient; without gold the word rule stands.
import { EarlierQueries, type QueryKey, queryKey } from '../metrics/earlier-queries';
import { REPEATED_QUERY_JACCARD } from '../metrics/query-overlap';
import { docHaystack } from '../metrics/normalize';
import type { Doc } from '../schema/trajectory';
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
  /** Token Jaccard with the earlier query it near-duplicates (1 = the same words). */
  overlap?: number;
  /** Content words no earlier query asked (every word of the first query). */
  newWords: string[];
  /** The earlier search a reformulation after a failed search rewords (rule 1 above). */
  reformulates?: number;
  evidence: string;
}

// Both rules look back over every earlier search, so they are indexed rather than rescanned: a
// 50,000-search trajectory compared each query with every earlier one (quadratic, minutes).
// Earlier queries: metrics/earlier-queries.ts; earlier passages: PassageIndex below.

/** Lower-case content words of a query: what it asks about its entities ("born", "father"). */
function askedAttributes(query: string): string[] {
  return query
    .split(/\s+/)
    .filter((w) => /^\p{Ll}/u.test(w))
    .flatMap((w) => contentWords(w));
}

interface Posted {
  hop: SearchHop;
  doc: Doc;
  words: Set<string>;
}

/**
 * Earlier passages by the words they hold, in retrieval order. Only words some query of the
 * trajectory asks are posted: a passage's other words can never decide a re-ask, and posting
 * every word of every passage was the largest single cost of importing a log.
 */
class PassageIndex {
  private readonly byWord = new Map<string, Posted[]>();

  private readonly padded: Array<[string, string]>;

  constructor(private readonly asked: ReadonlySet<string>) {
    this.padded = [...asked].map((w) => [w, ` ${w} `]);
  }

  add(h: SearchHop): void {
    if (this.asked.size === 0) return;
    for (const doc of h.docs) {
      const hay = docHaystack(doc).hay;
      const words = new Set<string>();
      // Few asked words (a normal trajectory): look each up; many (thousands of searches): one
      // pass over the passage's words, so the cost stays linear in the passages.
      if (this.padded.length <= 64) {
        for (const [w, p] of this.padded) if (hay.includes(p)) words.add(w);
      } else for (const w of hay.split(' ')) if (this.asked.has(w)) words.add(w);
      const p: Posted = { hop: h, doc, words };
      for (const w of words) {
        const list = this.byWord.get(w);
        if (list) list.push(p);
        else this.byWord.set(w, [p]);
      }
    }
  }

  /** The first earlier passage holding every word, in retrieval order. */
  holdingAll(words: readonly string[]): Posted | null {
    let rarest: Posted[] | undefined;
    for (const w of words) {
      const list = this.byWord.get(w);
      if (!list) return null;
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    return rarest?.find((p) => words.every((w) => p.words.has(w))) ?? null;
  }
}

function reAsks(h: SearchHop, passages: PassageIndex): string | null {
  const words = contentWords(h.query);
  // A query that only names an entity seeks that entity's own page, which a passage merely
  // mentioning the entity does not give: a new need, not a re-ask.
  if (words.length === 0 || askedAttributes(h.query).length === 0) return null;
  const p = passages.holdingAll(words);
  if (!p) return null;
  return `Search ${h.search} ${quote(h.query, 80)} re-asks what ${passageName(p.doc, p.hop.search)} already holds (${words.map((w) => quote(w, 30)).join(', ')}): ${excerpt(p.doc.text, words[words.length - 1] ?? '')}.`;
}

export function searchVerdicts(
  hops: readonly SearchHop[],
  sufficientAt: number | null,
  why: string,
  /** Whether the sufficiency point was judged (gold known): a reformulation needs it. */
  judged = false,
): SearchVerdict[] {
  const keys = hops.map((h) => queryKey(h.query));
  const queries = new EarlierQueries<SearchHop>(keys);
  const passages = new PassageIndex(new Set(hops.flatMap((h) => contentWords(h.query))));
  const asked = new Set<string>();
  return hops.map((h, i) => {
    const key = keys[i] as QueryKey;
    const words = contentWords(h.query);
    const newWords = words.filter((w) => !asked.has(w));
    for (const w of words) asked.add(w);
    const lacking = sufficientAt === null || h.search <= sufficientAt;
    const found: Array<[RedundancyRule, string]> = [];
    if (sufficientAt !== null && h.search > sufficientAt)
      found.push([
        'after-sufficiency',
        `Search ${h.search} ${quote(h.query, 80)} came after the evidence was sufficient at ${sufficientAt === 0 ? 'the start (no search needed)' : `search ${sufficientAt}`}: ${why}.`,
      ]);
    // The first earlier query that is the same or nearly (equal text is Jaccard 1).
    const similar = key.norm === '' ? undefined : queries.near(key);
    const reformulates =
      similar && judged && lacking && similar.jaccard < 1 && newWords.length > 0
        ? similar.item.search
        : undefined;
    const near = reformulates === undefined ? similar : undefined;
    const e = near?.item;
    const how =
      e && queries.sameText(key) === e
        ? 'the same query'
        : `a near-duplicate (token Jaccard ≥ ${REPEATED_QUERY_JACCARD})`;
    const dup = e
      ? `Search ${h.search} ${quote(h.query, 80)} is ${how} of search ${e.search} ${quote(e.query, 80)}.`
      : null;
    if (dup) found.push(['near-duplicate', dup]);
    const again = dup ? null : reAsks(h, passages);
    if (again) found.push(['re-asks-retrieved', again]);
    // What this search asked and brought is earlier for every later one.
    queries.add(h, key);
    passages.add(h);
    const first = found[0];
    return {
      search: h.search,
      stepId: h.step.id,
      query: h.query,
      label: first ? 'redundant' : 'necessary',
      rules: found.map(([r]) => r),
      ...(similar ? { overlap: similar.jaccard } : {}),
      newWords,
      ...(reformulates !== undefined ? { reformulates } : {}),
      evidence: first
        ? first[1]
        : reformulates !== undefined
          ? `Search ${h.search} ${quote(h.query, 80)} rewords search ${reformulates}, which had not found the asked fact, adding ${newWords.map((w) => quote(w, 30)).join(', ')}: a new need, not a near-duplicate.`
          : `Search ${h.search} ${quote(h.query, 80)} sought what the evidence still lacked.`,
    };
  });
}
