// A question that names its bridge only by a description ("the English conductor, organist and
// composer widely regarded as Britain's leading conductor of choral works") reaches the answer
// only through the entity that description fits. HotpotQA's bridge questions are written from the
// bridge entity's article (Yang et al. 2018, §2: the bridge entity's paragraph is a supporting
// fact), so a long description is that article's own wording; the labelling guidelines count
// common knowledge, and a short one ("the longest-reigning British monarch") is that. So a
// passage stating the gold answer supports it when its page states the description, or when the
// description is short enough to be common knowledge.
import { docHaystack, normalizeText } from '../metrics/normalize';
import type { Doc } from '../schema/trajectory';
import { STOP_WORDS } from './question-kind';

/** Distinct content words from which a description is specific, not common knowledge. */
export const LONG_DESCRIPTION_WORDS = 6;
/**
 * The share of a description's words a page must state to fit it. On the shared HotpotQA dev
 * subset's bridge questions of 6+ content words, 0.6 of the question's words are in the lead of
 * 15% of bridge pages and of 2.6% of distractor pages (the distractors are retrieved for
 * similarity, so they are the hard case).
 */
export const DESCRIPTION_SHARE = 0.6;

/** A nationality or other descriptor ("English", "Roman"), not a name a passage must connect. */
export function isDescriptor(entity: string): boolean {
  return /^\p{Lu}\p{Ll}+(?:ish|ese|ian|an|ic|ch)$/u.test(entity.trim());
}

/**
 * The question's distinct content words outside the names it gives (a descriptor such as
 * "English" is description): what a page must state to be the one described.
 */
export function descriptionWords(question: string, entities: readonly string[]): string[] {
  const named = new Set(entities.filter((e) => !isDescriptor(e)).flatMap((e) => normalizeText(e).split(' ')));
  return [...new Set(normalizeText(question).split(' '))].filter(
    (w) => w.length > 1 && !STOP_WORDS.has(w) && !named.has(w) && !/^\d+$/.test(w),
  );
}

/** Whether the description is long enough that only its entity's own page states it. */
export const isLongDescription = (words: readonly string[]): boolean =>
  words.length >= LONG_DESCRIPTION_WORDS;

/** The share of the description's words the page states. */
export function descriptionShare(d: Doc, words: readonly string[]): number {
  if (words.length === 0) return 0;
  const hay = docHaystack(d).hay;
  return words.filter((w) => hay.includes(` ${w} `)).length / words.length;
}
