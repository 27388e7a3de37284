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
import { statedAnswer } from './passage-match';
import { contentWords } from './question-kind';

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
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[\p{Lu}"“(])/u);
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
 * Whether a sentence of `d` holding `answer` is about one of `subjects` and holds one of the
 * relation `words`.
 */
export function statesRelation(
  d: Doc,
  answer: string,
  subjects: readonly string[],
  words: readonly string[],
): boolean {
  if (words.length === 0) return false;
  const stems = words.map(stem);
  // Stems of four letters or more, one the start of the other ("play" and "playe" of "played").
  const related = (w: string) => {
    const b = stem(w);
    return b.length >= 4 && stems.some((a) => a.length >= 4 && (a.startsWith(b) || b.startsWith(a)));
  };
  const own = subjects.some((s) => isAbout(d, s));
  for (const text of sentences(d.text)) {
    const part: Doc = { id: d.id, rank: d.rank, text };
    if (statedAnswer(part, [answer]) === null) continue;
    if (!own && !subjects.some((s) => mentions(part, s))) continue;
    if (normalizeText(text).split(' ').some(related)) return true;
  }
  return false;
}
