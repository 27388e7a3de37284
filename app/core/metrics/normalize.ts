// Answer normalization. The default is exactly SQuAD v1.1's `normalize_answer` (the official
// evaluate-v1.1.py, also used by HotpotQA's eval, FlashRAG's `normalize_answer` and Search-R1's
// reward): lower-case; delete every character of Python's `string.punctuation` (the 32 ASCII
// marks, so "U.S.A." → "usa", "Jean-Paul" → "jeanpaul"); replace the articles a/an/the, as whole
// words, with a space; split on whitespace and rejoin with single spaces. Unicode punctuation
// ("–", "“", "¿") is kept, as SQuAD keeps it.
//
// "extended" is Hopscope's earlier variant, kept as an option: NFKC-fold first (full-width and
// composed forms compare equal) and delete all Unicode punctuation and symbols (\p{P}, \p{S}).
// Matching keys that are not answers (document titles, queries, the text of retrieved documents)
// use it through `normalizeText`, since documents carry Unicode dashes and quotes.
import { keyedMemo, memoizeString } from '../memo';
import { scanNormalize } from './normalize-scan';
import { decodeHtmlEntities } from '../text/html-entities';

export type Normalization = 'squad' | 'extended';

export const NORMALIZATIONS: readonly Normalization[] = ['squad', 'extended'];

// Python's string.punctuation: !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~
const SQUAD_PUNCT = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;
// Python's `\b(a|an|the)\b` on str: word characters are Unicode letters, digits and "_".
const ARTICLES = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;
// Python's str.split(): Unicode whitespace, including \x1c–\x1f and \x85 (not in JS's \s).
// eslint-disable-next-line no-control-regex -- these separators are whitespace to Python.
const PY_SPACE = /[\s\x1c-\x1f\x85]+/g;

const EXT_PUNCT = /[\p{P}\p{S}]/gu;
// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included.
const ASCII = /^[\x00-\x7f]*$/;
const ASCII_ARTICLES = /\b(?:a|an|the)\b/g;
const SEPARATORS = /[\p{Pd}/]/gu;

/**
 * SQuAD v1.1 `normalize_answer`: white_space_fix(remove_articles(remove_punc(lower(s)))). The
 * same answers and gold aliases recur across a run's rollouts: memoized.
 */
export const normalizeSquad: (s: string) => string = memoizeString(
  (s) => s.toLowerCase().replace(SQUAD_PUNCT, '').replace(ARTICLES, ' ').replace(PY_SPACE, ' ').trim(),
  4096,
);

/**
 * The extended variant: NFKC, lower-case, all Unicode punctuation and symbols, articles, spaces.
 * The same document text is normalized several times per trajectory (answer containment,
 * duplicate keys, flags): a small memo of recent texts.
 */
export const normalizeText: (s: string) => string = memoizeString(normalizeUncached, 4096);

function normalizeUncached(s: string): string {
  // Most documents are ASCII: NFKC leaves ASCII unchanged, ASCII's \p{P} ∪ \p{S} is exactly
  // string.punctuation, and a Unicode word boundary is an ASCII one, so folding is just
  // lower-casing. Imports spend much of their time here (containsAnswer over every retrieved
  // document): one scan (normalize-scan.ts) does the rest, else the regular expressions do.
  if (ASCII.test(s)) {
    const lower = s.toLowerCase();
    return (
      scanNormalize(lower) ??
      lower.replace(SQUAD_PUNCT, '').replace(ASCII_ARTICLES, ' ').replace(/\s+/g, ' ').trim()
    );
  }
  const folded = s.normalize('NFKC').toLowerCase();
  return scanNormalize(folded) ?? normalizeFolded(folded);
}

/** normalizeText by regular expressions only (exported for the equivalence tests). */
export function normalizeTextGeneral(s: string): string {
  return normalizeFolded(s.normalize('NFKC').toLowerCase());
}

function normalizeFolded(folded: string): string {
  return folded.replace(EXT_PUNCT, '').replace(ARTICLES, ' ').replace(/\s+/g, ' ').trim();
}

/** An answer normalized for EM / F1 / acc: SQuAD's by default, or the extended variant. */
export function normalizeAnswer(s: string, mode: Normalization = 'squad'): string {
  return mode === 'extended' ? normalizeText(s) : normalizeSquad(s);
}

/** What containment reads in a text: its normalized words, and the same with dashes as spaces. */
export interface Haystack {
  /** ` normalized text ` (padded, so a whole word is ` w `). */
  hay: string;
  /** The same with dashes and slashes read as spaces first (`hay` when the text has none). */
  split: string;
}

const HAS_SEPARATOR = /[\p{Pd}/]/u;

/** normalizeText(s with dashes and slashes as spaces); ASCII in one scan. */
function normalizeSeparated(s: string): string {
  if (ASCII.test(s)) {
    const scanned = scanNormalize(s.toLowerCase(), true);
    if (scanned !== null) return scanned;
  }
  return normalizeText(s.replace(SEPARATORS, ' '));
}

function haystack(text: string): Haystack {
  const hay = ` ${normalizeText(text)} `;
  return { hay, split: HAS_SEPARATOR.test(text) ? ` ${normalizeSeparated(text)} ` : hay };
}

/** Whether a haystack holds any of `answers` as whole normalized words. */
export function holdsAnyAnswer(h: Haystack, answers: readonly string[]): boolean {
  return answers.some((a) => {
    const n = normalizeText(a);
    return n.length > 0 && (h.hay.includes(` ${n} `) || h.split.includes(` ${n} `));
  });
}

/** Whether text contains any gold answer after normalization (FlashRAG's "contains answer"). */
// Matches whole normalized words, so "1964" does not match "19645". Documents are read with the
// extended normalization (their Unicode quotes and dashes are not answer text), and also with
// dashes and slashes as spaces: deleting them would glue "1889–1964" into one word.
export function containsAnyAnswer(text: string, answers: readonly string[]): boolean {
  return holdsAnyAnswer(haystack(text), answers);
}

interface DocText {
  title?: string | undefined;
  text: string;
}

const haystacksByText = keyedMemo<Haystack>(4096);

const docHaystacks = new WeakMap<DocText, { title: string | undefined; text: string; h: Haystack }>();

/**
 * The haystack of a document's `title text`, computed once per document object: the builder,
 * the flags and each detector ask about the same passages, and rebuilding the joined text per
 * question (and per gold alias) was most of an import's cost. Kept only while title and text
 * are unchanged.
 */
export function docHaystack(d: DocText): Haystack {
  const c = docHaystacks.get(d);
  if (c && c.text === d.text && c.title === d.title) return c.h;
  const title = d.title ?? '';
  // Another object with the same title and text (the same passage in another rollout, or a copy
  // sent to a row worker) shares its haystack: a haystack is never changed once made.
  const h = haystacksByText(`${title.length}:${title}${d.text}`, () => joinedHaystack(title, d.text));
  docHaystacks.set(d, { title: d.title, text: d.text, h });
  return h;
}

/**
 * haystack(`${title} ${text}`) from the parts' own normalizations, so the text is normalized once
 * (docKey normalizes it too). Equal because nothing in normalization reaches across whitespace:
 * NFKC composes only after a starter, Final_Sigma stops at a space, the article pattern looks one
 * character around, and whitespace collapses (checked against the joined form in the tests).
 */
function joinedHaystack(title: string, text: string): Haystack {
  const join = (a: string, b: string) => ` ${a}${a && b ? ' ' : ''}${b} `;
  const nTitle = title === '' ? '' : normalizeText(title);
  const nText = normalizeText(text);
  const titleSep = HAS_SEPARATOR.test(title);
  const textSep = HAS_SEPARATOR.test(text);
  const hay = join(nTitle, nText);
  if (!titleSep && !textSep) return { hay, split: hay };
  return {
    hay,
    split: join(titleSep ? normalizeSeparated(title) : nTitle, textSep ? normalizeSeparated(text) : nText),
  };
}

/** The joined form joinedHaystack must equal (exported for that test). */
export function joinedHaystackReference(title: string, text: string): Haystack {
  return haystack(`${title} ${text}`);
}

/**
 * Lets `to` (a validated copy of `from`, same title and text) reuse the haystack already computed
 * for `from`: an import checks every built trajectory against the schema, which copies it.
 */
export function shareDocHaystack(from: DocText, to: DocText): void {
  const c = docHaystacks.get(from);
  if (c && !docHaystacks.has(to)) docHaystacks.set(to, c);
}

/** containsAnyAnswer over a document's title and text. */
export function docContainsAnyAnswer(d: DocText, answers: readonly string[]): boolean {
  return holdsAnyAnswer(docHaystack(d), answers);
}

const TITLE_NOISE = /[\p{P}\p{S}\p{Z}\s]/gu;

/**
 * Comparison key of a passage title: HTML references decoded (`&amp;`, `&#39;`), NFKC-folded,
 * lowercased, punctuation, symbols and whitespace deleted, so `Tom &amp; Jerry` = `Tom & Jerry`
 * and `Mary_Poppins` = `mary-poppins` = `Mary Poppins`. Unlike answers,
 * articles stay: "The Who" and "Who" are different pages. Every title comparison (gold marks,
 * gold-passage recall, duplicate docs) goes through this one function.
 */
export const normalizeTitle: (s: string) => string = memoizeString(
  (s) => decodeHtmlEntities(s).normalize('NFKC').toLowerCase().replace(TITLE_NOISE, ''),
  4096,
);
