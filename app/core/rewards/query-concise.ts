// When-to-Search's notion of a concise search query (docs/architecture.md §5, search reward with RC ≤ 1): a
// short keyword query, with no question words, filler prepositions or modifiers. The paper states
// the idea, not word lists; these are Hopscope's explicit lists, exported so a view can show them
// and a caller can pass its own.

/** Interrogatives: a query holding one is a question, not keywords. */
export const QUESTION_WORDS: readonly string[] = [
  'what',
  'who',
  'whom',
  'whose',
  'which',
  'when',
  'where',
  'why',
  'how',
];

/** Prepositions that pad a keyword query ("information about", "the capital of"). */
export const FILLER_PREPOSITIONS: readonly string[] = [
  'about',
  'of',
  'in',
  'on',
  'at',
  'for',
  'to',
  'from',
  'by',
  'with',
  'into',
  'regarding',
  'concerning',
];

/** Hedges, intensifiers and vague quantifiers that add words, not meaning. */
export const MODIFIERS: readonly string[] = [
  'very',
  'really',
  'quite',
  'exactly',
  'actually',
  'specifically',
  'particularly',
  'basically',
  'generally',
  'approximately',
  'roughly',
  'just',
  'also',
  'please',
  'some',
  'any',
  'certain',
  'various',
  'possibly',
  'likely',
];

export interface ConcisenessCheck {
  concise: boolean;
  /** The offending words, in query order, each once; '?' when the query ends as a question. */
  offending: string[];
}

export interface WordLists {
  questionWords: readonly string[];
  fillerPrepositions: readonly string[];
  modifiers: readonly string[];
}

export const DEFAULT_WORD_LISTS: WordLists = {
  questionWords: QUESTION_WORDS,
  fillerPrepositions: FILLER_PREPOSITIONS,
  modifiers: MODIFIERS,
};

/**
 * Lower-case words that join the parts of a name without being in the lists ("Lord of the
 * Rings", "Ludwig van Beethoven"); a run of them is read as one gap inside the name.
 */
export const NAME_PARTICLES: readonly string[] = [
  'the',
  'a',
  'an',
  'and',
  'de',
  'del',
  'der',
  'di',
  'da',
  'du',
  'la',
  'le',
  'van',
  'von',
];

/** A word written with a capital first letter: part of a name. */
const capitalized = (w: string) => /^\p{Lu}/u.test(w);

/**
 * Whether a query is concise: none of its words (split on anything that is not a letter, digit or
 * apostrophe, compared lower-cased) is in the lists, and it does not end with '?' (a question mark
 * marks a question as surely as a question word does). A listed word written in lower case
 * between two capitalized words is part of a name, not padding ("Frederick of Liège",
 * "Albert III, Count of Namur", the queries of Learning When to Search's Table 9): the paper's
 * rule is against redundant words (§3.3), and a name's own words carry the factual clues its
 * instruction asks the query to keep (appendix B.4, rule 3).
 */
export function checkConcise(query: string, lists: WordLists = DEFAULT_WORD_LISTS): ConcisenessCheck {
  const banned = new Set([...lists.questionWords, ...lists.fillerPrepositions, ...lists.modifiers]);
  const particles = new Set(NAME_PARTICLES);
  const words = query.split(/[^\p{L}\p{N}']+/u).filter((w) => w !== '');
  const inName = new Array<boolean>(words.length).fill(false);
  // Each run of lower-case joining words (listed or particles) between two capitalized words.
  for (let i = 0; i < words.length; i++) {
    if (!capitalized(words[i] ?? '')) continue;
    let j = i + 1;
    while (j < words.length) {
      const w = words[j] ?? '';
      if (w !== w.toLowerCase() || !(banned.has(w) || particles.has(w))) break;
      j++;
    }
    if (j > i + 1 && j < words.length && capitalized(words[j] ?? '')) inName.fill(true, i + 1, j);
  }
  const offending: string[] = [];
  words.forEach((word, i) => {
    const w = word.toLowerCase();
    if (!inName[i] && banned.has(w) && !offending.includes(w)) offending.push(w);
  });
  if (query.trim().endsWith('?')) offending.push('?');
  return { concise: offending.length === 0, offending };
}
