// SQuAD / HotpotQA answer normalization (DESIGN.md §5), in SQuAD's order: lowercase, delete
// punctuation ("U.S.A." → "usa", "Jean-Paul" → "jeanpaul"), drop the articles a/an/the, collapse
// whitespace. Extension beyond SQuAD's ASCII set: Unicode punctuation and symbols are deleted
// too, and text is NFKC-folded first so full-width and composed forms compare equal.
import { decodeHtmlEntities } from '../text/html-entities';

const PUNCT = /[\p{P}\p{S}]/gu;
const ARTICLES = /\b(a|an|the)\b/g;
const SEPARATORS = /[\p{Pd}/]/gu;

export function normalizeAnswer(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(PUNCT, '')
    .replace(ARTICLES, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether text contains any gold answer after normalization (FlashRAG's "contains answer"). */
// Matches whole normalized words, so "1964" does not match "19645". Documents are also read with
// dashes and slashes as spaces: deleting them would glue "1889–1964" into one word.
export function containsAnyAnswer(text: string, answers: readonly string[]): boolean {
  const hay = ` ${normalizeAnswer(text)} `;
  const split = ` ${normalizeAnswer(text.replace(SEPARATORS, ' '))} `;
  return answers.some((a) => {
    const n = normalizeAnswer(a);
    return n.length > 0 && (hay.includes(` ${n} `) || split.includes(` ${n} `));
  });
}

const TITLE_NOISE = /[\p{P}\p{S}\p{Z}\s]/gu;

/**
 * Comparison key of a passage title: HTML references decoded (`&amp;`, `&#39;`), NFKC-folded,
 * lowercased, punctuation, symbols and whitespace deleted, so `Tom &amp; Jerry` = `Tom & Jerry`
 * and `Mary_Poppins` = `mary-poppins` = `Mary Poppins`. Unlike answers,
 * articles stay: "The Who" and "Who" are different pages. Every title comparison (gold marks,
 * gold-passage recall, duplicate docs) goes through this one function.
 */
export function normalizeTitle(s: string): string {
  return decodeHtmlEntities(s).normalize('NFKC').toLowerCase().replace(TITLE_NOISE, '');
}
