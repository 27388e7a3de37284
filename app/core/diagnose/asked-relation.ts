// Whether a passage states the asked fact, not only the gold string (issue 38's second pattern):
// the answer's name can appear on a page that names the question's entity for another reason (a
// place in a list of clubs, a person in a list of relatives). The labelling guidelines ask for
// documents that "contain everything needed to derive the GOLD answer"; the passage gives that
// when one of its sentences holds the gold, is about the question's entity (names it, or is on
// that entity's own page, where the subject goes without saying) and says the relation the
// question asks: a word of the question outside its names and the answer, compared by its first
// RELATION_STEM letters so "completed" meets "completion" and "play" meets "played".
import { normalizeText } from '../metrics/normalize';
import type { Doc } from '../schema/trajectory';
import { isAbout, mentions } from './chain-passages';
import { DESCRIPTION_SHARE } from './description';
import { statedAnswer } from './passage-match';
import { contentWords } from './question-kind';
import { RELATIONS, type Relation } from './relations';

/** Letters a relation word and a passage word must share at their start ("found" in "founder"). */
export const RELATION_STEM = 5;

const stem = (w: string) => w.slice(0, RELATION_STEM);

/** The question's words that say the relation it asks: its content words outside names and answers. */
export function relationWords(
  question: string,
  names: readonly string[],
  answers: readonly string[],
): string[] {
  const taken = new Set([...names, ...answers].flatMap((n) => normalizeText(n).split(' ')));
  return contentWords(question).filter((w) => !taken.has(w) && /\p{L}/u.test(w));
}

/** The passage's sentences (a sentence ends at . ! ? before a space and a capital or quote). */
export function sentences(text: string): string[] {
  return text.split(/(?<=[.!?]["”]?)\s+(?=[\p{Lu}"“(])/u);
}

/**
 * Whether `answer` stands in `d` only as an item of an enumeration (three or more items joined by
 * commas, semicolons, "and" or "or"): a list of clubs or of relatives names the answer without
 * saying that it is the one asked about.
 */
export function onlyInEnumeration(d: Doc, answer: string): boolean {
  let seen = false;
  for (const text of sentences(d.text)) {
    const part: Doc = { id: d.id, rank: d.rank, text };
    if (statedAnswer(part, [answer]) === null) continue;
    seen = true;
    const items = text.split(/[,;]\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/);
    const item = items.find((i) => statedAnswer({ id: d.id, rank: d.rank, text: i }, [answer]) !== null);
    const extra = item ? normalizeText(item).split(' ').length - normalizeText(answer).split(' ').length : 99;
    if (items.length < 3 || extra > 3) return false;
  }
  return seen;
}

/**
 * The relations of the lexicon (relations.ts, 2WikiMultiHopQA's relation types) the question's
 * wording asks: "Who is the father of …" asks `father`, "When did … die" the death date.
 */
export function askedRelations(question: string): Relation[] {
  const lower = question.toLowerCase();
  return RELATIONS.filter((r) => r.asked.test(lower));
}

// Each relation's wording as a global pattern, built once (matchAll resets its lastIndex).
const GLOBAL = new Map<Relation, RegExp>();
function globalStated(r: Relation): RegExp {
  let g = GLOBAL.get(r);
  if (!g) GLOBAL.set(r, (g = new RegExp(r.stated.source, 'gu')));
  return g;
}

/**
 * Whether `text` states `answer` as the value of one of the `typed` relations: the relation's own
 * wording ("son of NAME", "(15 April 1899 – 22 February 1981)"), with the answer the value it
 * gives (the person it names, or inside the matched words), not merely elsewhere in the sentence.
 */
function statesTyped(d: Doc, text: string, answer: string, typed: readonly Relation[]): boolean {
  for (const r of typed)
    for (const m of text.matchAll(globalStated(r))) {
      const value = m[1] ?? m[0];
      if (statedAnswer({ id: d.id, rank: d.rank, text: value }, [answer]) !== null) return true;
    }
  return false;
}

/** Stems of four letters or more, one the start of the other ("play" and "playe" of "played"). */
export function relatedTo(words: readonly string[]): (w: string) => boolean {
  const stems = words.map(stem);
  return (w: string) => {
    const b = stem(w);
    return b.length >= 4 && stems.some((a) => a.length >= 4 && (a.startsWith(b) || b.startsWith(a)));
  };
}

/**
 * Whether a sentence of `d` holding `answer` is about one of `subjects` and holds one of the
 * relation `words`, or states the answer as the value of one of the `typed` relations the
 * question asks (a relation word of the question's type: "son of" for "father").
 */
export function statesRelation(
  d: Doc,
  answer: string,
  subjects: readonly string[],
  words: readonly string[],
  typed: readonly Relation[] = [],
): boolean {
  if (words.length === 0 && typed.length === 0) return false;
  const related = relatedTo(words);
  const own = subjects.some((s) => isAbout(d, s));
  for (const text of sentences(d.text)) {
    const part: Doc = { id: d.id, rank: d.rank, text };
    if (statedAnswer(part, [answer]) === null) continue;
    if (!own && !subjects.some((s) => mentions(part, s))) continue;
    if (normalizeText(text).split(' ').some(related)) return true;
    if (statesTyped(d, text, answer, typed)) return true;
  }
  return false;
}

/** Distinct question words a sentence must hold to restate a nameless question. */
export const NAMELESS_MIN_WORDS = 2;

/**
 * For a question that names no entity (all description: "the father of the founder of
 * psychoanalysis"), no passage can be tied to it by name; a sentence holding `answer` restates the
 * asked fact when it holds, with its page's title (the subject a page's sentences go without
 * saying), at least DESCRIPTION_SHARE of the question's content `words` (and two or more): the
 * share description.ts asks of a page to fit a description, here asked of one sentence. The
 * sentence must hold the gold in its own words or value.
 */
export function restatesQuestion(d: Doc, answer: string, words: readonly string[]): boolean {
  const distinct = [...new Set(words)];
  if (distinct.length < NAMELESS_MIN_WORDS) return false;
  const need = Math.max(NAMELESS_MIN_WORDS, Math.ceil(distinct.length * DESCRIPTION_SHARE));
  const title = normalizeText(d.title ?? '');
  const asked = distinct.map((q) => ({ q, related: relatedTo([q]) }));
  for (const text of sentences(d.text)) {
    const part: Doc = { id: d.id, rank: d.rank, text };
    // The gold in its own words: a name's looser forms ("Claude" for "Claude Sr.") can be the
    // question's own subject, restated beside it.
    if (statedAnswer(part, [answer], false) === null) continue;
    const held = [...new Set(`${title} ${normalizeText(text)}`.split(' '))].filter((w) => w !== '');
    const found = asked.filter(({ q, related }) => held.includes(q) || held.some(related)).length;
    if (found >= need) return true;
  }
  return false;
}
