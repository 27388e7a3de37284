// The one-hop evidence chain (evidence-chain.ts): the first passage stating a gold answer that the
// question reaches, outside list pages and "See also" lists, and for a question that names its
// subject only by a long description, on the page that description fits (description.ts).
import { normalizeText } from '../metrics/normalize';
import type { Doc } from '../schema/trajectory';
import { ChainPassages, isListPage, mentions as has } from './chain-passages';
import { DESCRIPTION_SHARE, descriptionShare, isDescriptor, isLongDescription } from './description';
import { type EvidenceChain, link } from './evidence-chain';
import { passageName, quote, type SearchHop } from './hops';
import { statedAnswer } from './passage-match';
import { onlyInEnumeration, restatesQuestion, statesRelation } from './asked-relation';
import type { Relation } from './relations';

/**
 * A name of three or more words without its last, which is often a place qualifying it
 * ("Seventeen Seventy Australia" is the town "Seventeen Seventy"); '' for shorter names.
 */
const unqualified = (name: string): string => {
  const words = name.trim().split(/\s+/);
  return words.length >= 3 ? words.slice(0, -1).join(' ') : '';
};

/** The passage without its "See also" list: the related pages it names, which it does not state. */
const seeAlsoCut = new WeakMap<Doc, Doc>();
function withoutSeeAlso(d: Doc): Doc {
  let c = seeAlsoCut.get(d);
  if (!c) {
    const i = d.text.search(/\bSee also\b/);
    c = i < 0 ? d : { ...d, text: d.text.slice(0, i) };
    seeAlsoCut.set(d, c);
  }
  return c;
}

/**
 * The one-hop chain: the first passage stating a gold answer, outside list and disambiguation
 * pages and "See also" lists. A capable reader bridges the rest from common knowledge (the
 * guidelines count it), so the passage need not name the question's entity; when a passage that
 * does names this passage's subject, that link is quoted too. A passage that states the asked
 * relation about the question's entity (asked-relation.ts, with the question's `relation` words)
 * comes first: a gold string elsewhere is not the asked fact, so the chain takes the first
 * passage that states it, and only when none does the first that holds the gold (`stated` false).
 * The relation is stated by a question word, by the wording of a `typed` relation the question
 * asks with the gold as its value, or, for a question naming no entity (`nameless`: its content
 * words), by a sentence restating most of the question with the gold.
 */
export function answerChain(
  hops: readonly SearchHop[],
  entities: readonly string[],
  answers: readonly string[],
  description: readonly string[] = [],
  relation: readonly string[] = [],
  typed: readonly Relation[] = [],
  nameless: readonly string[] = [],
): EvidenceChain {
  const all = new ChainPassages(hops).all;
  // A nationality ("English") connects a passage to nothing the question asks about.
  const keys = entities.filter((e) => normalizeText(e) !== '' && !isDescriptor(e));
  const long = isLongDescription(description);
  let listed: string | null = null;
  let undescribed: string | null = null;
  // The first passage holding the gold, kept while a later one may state the asked relation.
  let unstated: EvidenceChain | null = null;
  let seen: number | null = null;
  for (const p of all) {
    if (statedAnswer(p.doc, answers) === null) continue;
    seen ??= p.hop.search;
    const a = isListPage(p.doc) ? null : statedAnswer(withoutSeeAlso(p.doc), answers);
    if (a === null) {
      listed ??= `the gold answer appears only in ${passageName(p.doc, p.hop.search)}, as an entry of a list that does not say which entry the question means`;
      continue;
    }
    const answerLink = link(`gold ${quote(a, 60)}`, p, a.split(/[ ,]/)[0] ?? a);
    const title = (p.doc.title ?? '').replace(/\s*\([^)]*\)\s*$/, '');
    const direct = keys.some((k) => has(p.doc, k) || has(p.doc, unqualified(k)));
    const via =
      direct || normalizeText(title) === ''
        ? undefined
        : all.find(
            (q) =>
              q.hop.search <= p.hop.search &&
              q.doc !== p.doc &&
              has(q.doc, title) &&
              keys.some((k) => has(q.doc, k)),
          );
    if (via || direct || !long) {
      const chain: EvidenceChain = {
        links: via
          ? [
              link(
                `${quote(p.doc.title ?? '', 60)}, named beside the question's entity`,
                via,
                p.doc.title ?? '',
              ),
              answerLink,
            ]
          : [answerLink],
        point: p.hop.search,
        missing: null,
        reach: via || direct ? 'named' : 'unlinked',
      };
      const subjects = via ? [p.doc.title ?? ''] : direct ? keys : [];
      if (
        (subjects.length > 0 && statesRelation(p.doc, a, subjects, relation, typed)) ||
        (nameless.length > 0 && restatesQuestion(p.doc, a, nameless))
      )
        return { ...chain, stated: true, goldSeenAt: seen };
      // Only an entry of a list, with no asked relation: a later passage may state the fact.
      if (!onlyInEnumeration(p.doc, a)) return unstated ?? { ...chain, stated: false, goldSeenAt: seen };
      unstated ??= { ...chain, stated: false, goldSeenAt: seen };
      continue;
    }
    // Reached by a long description only (description.ts): its page, or a page it names, must be
    // the one described.
    const described = all.find(
      (q) =>
        q.hop.search <= p.hop.search &&
        (q.doc === p.doc || has(p.doc, (q.doc.title ?? '').replace(/\s*\([^)]*\)\s*$/, ''))) &&
        descriptionShare(q.doc, description) >= DESCRIPTION_SHARE,
    );
    if (described) {
      const first = description.find((w) => has(described.doc, w)) ?? '';
      const describes = link(
        `${quote(described.doc.title ?? '', 60)}, the one the question describes`,
        described,
        first,
      );
      return {
        links: described.doc === p.doc ? [describes] : [describes, answerLink],
        point: p.hop.search,
        missing: null,
        reach: 'described',
        goldSeenAt: seen,
      };
    }
    undescribed ??= `the gold answer is stated in ${passageName(p.doc, p.hop.search)}, but no passage states the question's description of the one it asks about`;
  }
  if (unstated) return unstated;
  return {
    links: [],
    point: null,
    goldSeenAt: seen,
    missing: undescribed ?? listed,
    ...(undescribed ? { reach: 'described' as const } : {}),
  };
}
