// A comparison of something the relation lexicon (relations.ts) does not know: "Were both A and B
// lead vocalists for bands?", "Are A and B in the same province?". Its answer (yes, no, or one of
// the sides) says nothing when found in a passage (question-kind.ts); what the evidence needs is
// what the question asks of every side (the labelling guidelines: a comparison needs both compared
// entities' facts, and one answered wrongly with them in hand is a reasoning error, not
// under-search). HotpotQA's comparison questions (Yang et al. 2018, "HotpotQA", §2) are built from
// the two sides' own articles, so that is where each side's fact is looked for: a sentence of the
// side's own page holding every word the question asks beside the sides' names ("lead",
// "vocalists", "bands"; "province", "China"), each matched as a word or by its stem
// (asked-relation.ts). A side whose page never came, or never says it, leaves the chain
// incomplete and the question to the fallback (every named entity retrieved).
import { normalizeText } from '../metrics/normalize';
import type { Doc } from '../schema/trajectory';
import { relatedTo, relationWords, sentences } from './asked-relation';
import { ChainPassages } from './chain-passages';
import { type ChainLink, chainPoint, type EvidenceChain, link } from './evidence-chain';
import type { SearchHop } from './hops';
import type { QuestionNeeds } from './question-needs';

/** The words the question asks of each side: its content words outside the sides' names. */
export function comparedWords(question: string, sides: readonly string[]): string[] {
  return [...new Set(relationWords(question, sides, []))];
}

/** The first sentence of `d` holding every one of `words` (a word, or one sharing its stem). */
function sentenceHolding(d: Doc, words: readonly string[]): string | null {
  const tests = words.map((q) => ({ q, related: relatedTo([q]) }));
  for (const text of sentences(d.text)) {
    const held = normalizeText(text).split(' ');
    if (tests.every(({ q, related }) => held.includes(q) || held.some(related))) return text;
  }
  return null;
}

/**
 * The chain for a comparison whose sides the question names and whose compared attribute the
 * lexicon does not know: every side's own page stating, in one sentence, every word the question
 * asks of it. Null when the question is not such a comparison or a side's fact never came.
 */
export function comparedSidesChain(
  hops: readonly SearchHop[],
  question: string,
  needs: QuestionNeeds,
): EvidenceChain | null {
  if (needs.kind !== 'comparison' || needs.sides.length < 2) return null;
  if (needs.attributes.length > 0 || needs.bridge) return null;
  const words = comparedWords(question, needs.sides);
  if (words.length === 0) return null;
  const passages = new ChainPassages(hops);
  const links: ChainLink[] = [];
  for (const side of needs.sides) {
    let found: ChainLink | null = null;
    for (const p of passages.about(side)) {
      const text = sentenceHolding(p.doc, words);
      if (text === null) continue;
      found = link(`what the question asks of ${side} (${words.join(', ')})`, p, text.slice(0, 40));
      break;
    }
    if (!found) return null;
    links.push(found);
  }
  return { links, point: chainPoint(links), missing: null, sidesStated: true };
}
